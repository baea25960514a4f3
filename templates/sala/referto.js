// The table's form checked as it is typed: the laptop applies the rules of `classifica`
// (POST /referto/prova) and says the places and points, or what is wrong.
(function () {
  "use strict";
  var form = document.getElementById("referto");
  var box = document.getElementById("controllo");
  if (!form || !box) { return; }
  var timer = null;
  function check() {
    var data = new URLSearchParams(new FormData(form));
    fetch("/referto/prova", { method: "POST", body: data, cache: "no-store" })
      .then(function (answer) { return answer.json(); })
      .then(function (said) {
        box.textContent = "";
        if (said.ok) {
          box.className = "ok";
          box.textContent = "Corretto: " + said.posti.map(function (p) {
            return p.posto + " " + p.nome + " " + p.punti;
          }).join(" · ");
        } else {
          box.className = "no";
          box.textContent = said.messaggio;
        }
      })
      .catch(function () { box.className = ""; box.textContent = "Controllo non riuscito: riprovo"; });
  }
  form.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(check, 400);
  });
})();
