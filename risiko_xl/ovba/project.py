"""The MS-OVBA streams of a VBA project, from module source, and `vbaProject.bin` around them.

Written: `PROJECT` (the text properties), `PROJECTwm` (module names), `VBA/_VBA_PROJECT`
(only the seven version-independent bytes, so Office compiles the source on open),
`VBA/dir` (project information, references, modules; compressed) and one stream per
module holding its compressed source at offset 0. Modules are kept in the given order;
nothing random is written, so the same modules always give the same bytes.
"""

from __future__ import annotations

import hashlib
import re
import struct
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from risiko_xl.ovba.cfb import compound_file
from risiko_xl.ovba.compression import compress

CODE_PAGE = 1252
PROJECT_NAME = "VBAProject"
PROJECT_ID = "{" + str(uuid.uuid5(uuid.NAMESPACE_URL, "risiko-xl:VBAProject")).upper() + "}"
WORKBOOK_BASE = "0{00020819-0000-0000-C000-000000000046}"  # Excel's ThisWorkbook
WORKSHEET_BASE = "0{00020820-0000-0000-C000-000000000046}"  # Excel's worksheet
CLASS_BASE = "0{FCFB3D2A-A0FA-1068-A738-08002B3371B5}"  # a VBA class module
VBA_PROJECT_STREAM = bytes.fromhex("CC61FFFF000000")  # §2.3.4.1: no performance cache
NOT_PROTECTED, NO_PASSWORD, VISIBLE = b"\x00\x00\x00\x00", b"\x00", b"\xff"  # CMG, DPB, GC
HOST_EXTENDER = "&H00000001={3832D640-CF90-11CF-8E43-00A0C911005A};VBE;&H00000000"

# (name, libid) of the type libraries referenced, as Excel writes them. Office resolves
# them by GUID: the Office library defines IRibbonControl for the ribbon callbacks.
REFERENCES = (
    ("stdole", "*\\G{00020430-0000-0000-C000-000000000046}#2.0#0#"
               "C:\\Windows\\System32\\stdole2.tlb#OLE Automation"),
    ("Office", "*\\G{2DF8D04C-5BFA-101B-BDE5-00AA0044DE52}#2.0#0#"
               "C:\\Program Files\\Common Files\\Microsoft Shared\\OFFICE16\\MSO.DLL"
               "#Microsoft Office 16.0 Object Library"),
)

Kind = Literal["standard", "class", "document"]
_ATTRIBUTE = re.compile(r'^Attribute (VB_\w+) = (.*)$')


@dataclass(frozen=True)
class Module:
    """A VBA module: its name, kind and source as VBA stores it (Attribute lines first)."""

    name: str
    kind: Kind
    code: str

    @property
    def stored(self) -> bytes:
        """The source in the project's code page, every line ended by CRLF."""
        lines = self.code.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        return "".join(line + "\r\n" for line in lines).encode(f"cp{CODE_PAGE}")


def standard_module(source: str) -> Module:
    """A standard module from an exported `.bas` file (its first line names it)."""
    attributes, _ = _split_attributes(source)
    return Module(_name(attributes, source), "standard", source)


def class_module(source: str) -> Module:
    """A class module from an exported `.cls` file: the `VERSION`/`BEGIN … END` header goes,
    the attributes become those Excel stores (VB_Base, VB_TemplateDerived, VB_Customizable
    added where missing)."""
    lines = source.replace("\r\n", "\n").split("\n")
    if lines and lines[0].startswith("VERSION "):
        end = next((i for i, line in enumerate(lines) if line.strip() == "END"), None)
        if end is None:
            raise ValueError("class module header without END")
        lines = lines[end + 1:]
    attributes, body = _split_attributes("\n".join(lines))
    name = _name(attributes, source)
    ordered = {"VB_Name": attributes.pop("VB_Name"), "VB_Base": f'"{CLASS_BASE}"'}
    for key, default in (("VB_GlobalNameSpace", "False"), ("VB_Creatable", "False"),
                         ("VB_PredeclaredId", "False"), ("VB_Exposed", "False"),
                         ("VB_TemplateDerived", "False"), ("VB_Customizable", "False")):
        ordered[key] = attributes.pop(key, default)
    ordered.update((k, v) for k, v in attributes.items() if k != "VB_Base")
    header = "".join(f"Attribute {key} = {value}\n" for key, value in ordered.items())
    return Module(name, "class", header + body)


def document_module(name: str, base: str = WORKSHEET_BASE) -> Module:
    """The empty module behind a workbook (base WORKBOOK_BASE) or a worksheet."""
    attributes = (("VB_Name", f'"{name}"'), ("VB_Base", f'"{base}"'),
                  ("VB_GlobalNameSpace", "False"), ("VB_Creatable", "False"),
                  ("VB_PredeclaredId", "True"), ("VB_Exposed", "True"),
                  ("VB_TemplateDerived", "False"), ("VB_Customizable", "True"))
    return Module(name, "document", "".join(f"Attribute {k} = {v}\n" for k, v in attributes))


def vba_project_bin(modules: Sequence[Module]) -> bytes:
    """The `vbaProject.bin` compound file of a project made of `modules`."""
    return compound_file(project_streams(modules))


def project_streams(modules: Sequence[Module]) -> dict[str, bytes]:
    """Every stream of the project, keyed by its path in the compound file."""
    names = [m.name for m in modules]
    if len({n.upper() for n in names}) != len(names):
        raise ValueError(f"duplicate module names: {names}")
    for name in names:
        if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]{0,30}", name):
            raise ValueError(f"not a VBA module name: {name!r}")
    streams = {
        "PROJECT": _project_text(modules),
        "PROJECTwm": _name_map(modules),
        "VBA/_VBA_PROJECT": VBA_PROJECT_STREAM,
        "VBA/dir": compress(_dir_stream(modules)),
    }
    for module in modules:
        streams[f"VBA/{module.name}"] = compress(module.stored)
    return streams


def _split_attributes(source: str) -> tuple[dict[str, str], str]:
    """The leading `Attribute VB_x = value` lines as a dict, and the rest of the source."""
    lines = source.replace("\r\n", "\n").split("\n")
    attributes: dict[str, str] = {}
    index = 0
    while index < len(lines) and (match := _ATTRIBUTE.match(lines[index])):
        attributes[match[1]] = match[2]
        index += 1
    return attributes, "\n".join(lines[index:])


def _name(attributes: dict[str, str], source: str) -> str:
    value = attributes.get("VB_Name", "")
    if not (value.startswith('"') and value.endswith('"') and len(value) > 2):
        raise ValueError(f"module without Attribute VB_Name: {source[:60]!r}")
    return value[1:-1]


def _project_text(modules: Sequence[Module]) -> bytes:
    """The PROJECT stream (§2.3.1): properties, host extender and window records."""
    keyword = {"document": "Document", "standard": "Module", "class": "Class"}
    lines = [f'ID="{PROJECT_ID}"']
    for module in modules:
        suffix = "/&H00000000" if module.kind == "document" else ""
        lines.append(f"{keyword[module.kind]}={module.name}{suffix}")
    lines += [
        f'Name="{PROJECT_NAME}"',
        'HelpContextID="0"',
        'VersionCompatible32="393222000"',
        f'CMG="{_obfuscate(NOT_PROTECTED, "CMG")}"',
        f'DPB="{_obfuscate(NO_PASSWORD, "DPB")}"',
        f'GC="{_obfuscate(VISIBLE, "GC")}"',
        "",
        "[Host Extender Info]",
        HOST_EXTENDER,
        "",
        "[Workspace]",
        *(f"{module.name}=0, 0, 0, 0, C" for module in modules),
        "",
    ]
    return "".join(line + "\r\n" for line in lines).encode(f"cp{CODE_PAGE}")


def _obfuscate(data: bytes, label: str) -> str:
    """Data Encryption (§2.4.3.2) of `data` as uppercase hex; the seed and the ignored bytes
    come from a hash of `label`, so the result is fixed."""
    noise = hashlib.sha256(f"risiko-xl:{label}".encode()).digest()
    seed = noise[0]
    version, key = 2, sum(PROJECT_ID.encode("ascii")) & 0xFF
    out = bytearray([seed, seed ^ version, seed ^ key])
    plain_1, encrypted_1, encrypted_2 = key, out[2], out[1]
    ignored = noise[1:1 + (seed & 6) // 2]
    for byte in (*ignored, *struct.pack("<I", len(data)), *data):
        encrypted = byte ^ ((encrypted_2 + plain_1) & 0xFF)
        out.append(encrypted)
        encrypted_2, encrypted_1, plain_1 = encrypted_1, encrypted, byte
    return out.hex().upper()


def deobfuscate(text: str) -> bytes:
    """The data of a Data Encryption (§2.4.3.3) hex string, e.g. a PROJECT stream's GC."""
    raw = bytes.fromhex(text)
    seed, version_enc, key_enc = raw[:3]
    if seed ^ version_enc != 2:
        raise ValueError("unknown Data Encryption version")
    plain_1, encrypted_1, encrypted_2 = seed ^ key_enc, key_enc, version_enc
    plain = bytearray()
    for encrypted in raw[3:]:
        byte = encrypted ^ ((encrypted_2 + plain_1) & 0xFF)
        plain.append(byte)
        encrypted_2, encrypted_1, plain_1 = encrypted_1, encrypted, byte
    plain = plain[(seed & 6) // 2:]
    length = int.from_bytes(plain[:4], "little")
    return bytes(plain[4:4 + length])


def _name_map(modules: Sequence[Module]) -> bytes:
    """PROJECTwm (§2.3.3): each module name in the code page and in UTF-16."""
    out = bytearray()
    for module in modules:
        out += module.name.encode(f"cp{CODE_PAGE}") + b"\x00"
        out += module.name.encode("utf-16-le") + b"\x00\x00"
    return bytes(out + b"\x00\x00")


def _record(record_id: int, data: bytes = b"") -> bytes:
    return struct.pack("<HI", record_id, len(data)) + data


def _text_records(record_id: int, unicode_id: int, text: str) -> bytes:
    """A code-page string record followed by its UTF-16 twin (same layout for both)."""
    return (_record(record_id, text.encode(f"cp{CODE_PAGE}"))
            + _record(unicode_id, text.encode("utf-16-le")))


def _dir_stream(modules: Sequence[Module]) -> bytes:
    """The decompressed `dir` stream (§2.3.4.2)."""

    def u32(n: int) -> bytes:
        return struct.pack("<I", n)

    def u16(n: int) -> bytes:
        return struct.pack("<H", n)

    out = bytearray()
    out += _record(0x0001, u32(1))  # PROJECTSYSKIND: 32-bit Windows
    out += _record(0x0002, u32(0x0409))  # PROJECTLCID
    out += _record(0x0014, u32(0x0409))  # PROJECTLCIDINVOKE
    out += _record(0x0003, u16(CODE_PAGE))  # PROJECTCODEPAGE
    out += _record(0x0004, PROJECT_NAME.encode("ascii"))  # PROJECTNAME
    out += _text_records(0x0005, 0x0040, "")  # PROJECTDOCSTRING
    out += _text_records(0x0006, 0x003D, "")  # PROJECTHELPFILEPATH (both paths)
    out += _record(0x0007, u32(0))  # PROJECTHELPCONTEXT
    out += _record(0x0008, u32(0))  # PROJECTLIBFLAGS
    out += struct.pack("<HIIH", 0x0009, 4, 1, 0)  # PROJECTVERSION: Reserved=4, 1.0
    out += _text_records(0x000C, 0x003C, "")  # PROJECTCONSTANTS
    for name, libid in REFERENCES:
        out += _text_records(0x0016, 0x003E, name)  # REFERENCENAME
        encoded = libid.encode(f"cp{CODE_PAGE}")
        out += _record(0x000D, u32(len(encoded)) + encoded + u32(0) + u16(0))  # REGISTERED
    out += _record(0x000F, u16(len(modules)))  # PROJECTMODULES
    out += _record(0x0013, u16(0xFFFF))  # PROJECTCOOKIE
    for module in modules:
        out += _record(0x0019, module.name.encode(f"cp{CODE_PAGE}"))  # MODULENAME
        out += _record(0x0047, module.name.encode("utf-16-le"))  # MODULENAMEUNICODE
        out += _text_records(0x001A, 0x0032, module.name)  # MODULESTREAMNAME
        out += _text_records(0x001C, 0x0048, "")  # MODULEDOCSTRING
        out += _record(0x0031, u32(0))  # MODULEOFFSET: source at the start of the stream
        out += _record(0x001E, u32(0))  # MODULEHELPCONTEXT
        out += _record(0x002C, u16(0xFFFF))  # MODULECOOKIE
        out += _record(0x0021 if module.kind == "standard" else 0x0022)  # MODULETYPE
        out += _record(0x002B)  # module terminator
    out += _record(0x0010)  # dir stream terminator
    return bytes(out)
