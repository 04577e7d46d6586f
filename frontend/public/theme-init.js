// Applies the saved theme before the first paint, and marks a page opened on an anchor (/#faq) as landing: until the
// app has placed the section (app/layout/ScrollManager.tsx), the browser jumps to it instead of scrolling smoothly.
// Written into the prerendered pages (allowed by its hash in the CSP:
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
  if (window.location.hash) root.setAttribute('data-landing', '');
})();
