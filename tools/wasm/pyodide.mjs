// Runs a Python script under Pyodide (CPython compiled to WebAssembly) in Node, offline:
//
//   node tools/wasm/pyodide.mjs WHEELS SCRIPT.py [ARGS...]
//
// Pyodide comes from this folder's node_modules (`make wasm`: npm ci, the version pinned by
// package-lock.json) and reaches no network (fetch is made to fail). Every wheel in WHEELS
// (pure Python, `make wasm`: tools/wasm/wheels.py) is unpacked into site-packages, which is
// all installing a pure wheel takes. The script's folder and every ARG that is a folder are
// mounted at the same path, so the script reads and writes the host's files; it runs as
// __main__ with sys.argv = [SCRIPT, ...ARGS]; the exit status is the script's.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { loadPyodide } from "pyodide";

const [wheels, script, ...args] = process.argv.slice(2).map((p, i) =>
  i < 2 ? path.resolve(p) : p);
globalThis.fetch = async (url) => {  // offline: reaching the network is an error
  throw new Error(`rete non ammessa: ${url}`);
};
const pyodide = await loadPyodide({
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});
const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
for (const name of readdirSync(wheels).filter((n) => n.endsWith(".whl"))) {
  const data = new Uint8Array(readFileSync(path.join(wheels, name)));
  pyodide.unpackArchive(data, "wheel", { extractDir: sitePackages });
}
const folders = [path.dirname(script), ...args.filter(
  (a) => path.isAbsolute(a) && existsSync(a) && statSync(a).isDirectory())];
for (const folder of new Set(folders)) {
  pyodide.mountNodeFS(folder, folder);
}
pyodide.globals.get("__import__")("sys").argv = pyodide.toPy([script, ...args]);
// sys.exit(): its status (a message: printed, status 1); an exception: its traceback, 1
const run = `
import runpy, sys
try:
    runpy.run_path(sys.argv[0], run_name="__main__")
    status = 0
except SystemExit as end:
    status = end.code if isinstance(end.code, int) else 0 if end.code is None else 1
    if not isinstance(end.code, int | None):
        print(end.code, file=sys.stderr)
status
`;
try {
  process.exitCode = pyodide.runPython(run);
} catch (error) {
  process.stderr.write(String(error.message) + "\n");
  process.exitCode = 1;
}
