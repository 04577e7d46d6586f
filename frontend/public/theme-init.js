// Applies the saved theme before the first paint (external file: the CSP forbids inline scripts).
(function () {
  var dark = false;
  try {
    dark = window.localStorage.getItem('theme') === 'dark';
  } catch {
    /* storage unavailable: default light */
  }
  var root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
})();
