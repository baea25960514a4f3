// The venue's pages follow the tournament: every 2 seconds the state is asked to the
// laptop (/versione); a new version reloads the page, a problem is said in the state line.
(function () {
  "use strict";
  var script = document.currentScript;
  var shown = script ? script.getAttribute("data-versione") : null;
  var line = document.getElementById("sala-stato");
  function say(text, show) {
    if (!line) { return; }
    line.textContent = text;
    if (show) { line.hidden = false; }
  }
  function check() {
    fetch("/versione", { cache: "no-store" }).then(function (answer) {
      return answer.json();
    }).then(function (state) {
      if (String(state.versione) !== shown) {
        window.location.reload();
        return;
      }
      say(state.stato, Boolean(state.problema));
    }).catch(function () {
      say("Il computer della sala non risponde: riprovo tra poco", true);
    });
  }
  window.setInterval(check, 2000);
}());
