// The rules page's language: ?lang=ja|en, else the browser's. Only that language's text shows
// (the other is hidden by rules.css), and every board speaks it too.
const asked = new URLSearchParams(location.search).get("lang");
const lang = asked === "ja" || asked === "en" ? asked : navigator.language.startsWith("ja") ? "ja" : "en";
document.documentElement.lang = lang;
document.documentElement.dataset.show = lang;
for (const board of document.querySelectorAll("koma-board")) board.setAttribute("lang", lang);
for (const a of document.querySelectorAll("[data-lang-link]")) {
  if (a.dataset.langLink === lang) a.setAttribute("aria-current", "true");
}

// The rules page works offline like the app: the same service worker keeps every file.
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("sw.js").catch((e) => console.warn("Koma: no offline play here:", e));
}
