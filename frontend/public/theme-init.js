// Applies the saved theme before the first paint. Written into the prerendered pages (allowed by its hash in the CSP:
// backend/src/public-pages/inline-assets.ts), loaded as a file by the others.
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
