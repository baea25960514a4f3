// The venue's pages follow the tournament: every 2 seconds the state is asked to the
// laptop (/versione); a new version reloads the page (not a form being typed: it has no
// data-versione), a problem is said in the state line;
// the round's clock counts down here between two answers.
(function () {
  "use strict";
  var script = document.currentScript;
  var shown = script ? script.getAttribute("data-versione") : null;
  var sent = script ? script.getAttribute("data-invii") : null;  // the organiser's page
  var line = document.getElementById("sala-stato");
  var timer = document.getElementById("sala-orologio");
  var clock = null;
  var asked = 0;
  function room() {  // the height the clock and the line take at the bottom: kept free
    var taken = 0;
    [timer, line].forEach(function (part) {
      if (part && !part.hidden) {
        taken = Math.max(taken, window.innerHeight - part.getBoundingClientRect().top);
      }
    });
    document.documentElement.style.setProperty("--sala-basso", Math.ceil(taken) + 8 + "px");
  }
  function say(text, show) {
    if (!line) { return; }
    line.textContent = text;
    if (show) { line.hidden = false; }
    room();
  }
  function clockText(seconds) {
    var s = Math.max(0, Math.round(seconds));
    var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    var two = function (n) { return (n < 10 ? "0" : "") + n; };
    return (h ? h + ":" + two(m) : String(m)) + ":" + two(r);
  }
  function draw() {
    if (!timer) { return; }
    if (!clock || clock.stato === "fermo") { timer.hidden = true; room(); return; }
    var gone = clock.stato === "in corso" ? (Date.now() - asked) / 1000 : 0;
    var left = clock.resta - gone;
    var text;
    if (clock.stato === "in pausa") {
      text = "In pausa: " + clockText(left);
    } else if (left <= 0) {
      text = clock.fine;
    } else {
      text = clockText(left);
    }
    var tables = Object.keys(clock.tavoli || {});
    if (tables.length) {
      text += " · recupero: " + tables.map(function (t) {
        return "tav. " + t + " " + clockText(clock.tavoli[t] - gone);
      }).join(", ");
    }
    timer.textContent = text;
    timer.hidden = false;
    room();
  }
  function check() {
    fetch("/versione", { cache: "no-store" }).then(function (answer) {
      return answer.json();
    }).then(function (state) {
      if ((shown !== null && String(state.versione) !== shown)  // null: never reloaded
          || (sent !== null && String(state.invii) !== sent)) {
        window.location.reload();
        return;
      }
      clock = state.orologio;
      asked = Date.now();
      draw();
      say(state.stato, Boolean(state.problema));
    }).catch(function () {
      say("Il computer della sala non risponde: riprovo tra poco", true);
    });
  }
  check();
  window.setInterval(check, 2000);
  window.setInterval(draw, 1000);
}());
