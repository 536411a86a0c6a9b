// Applies the saved theme before the first paint so a dark theme never flashes white.
// A separate file, not inline: the server's Content-Security-Policy allows only 'self' scripts.
// Key and values mirror STORAGE_KEYS.theme and THEMES (checked by src/lib/theme.test.ts).
(function () {
  var t = 'light';
  try {
    var s = window.localStorage.getItem('theme');
    if (s === 'dark-blue' || s === 'dark-gray') t = s;
  } catch {
    // Storage blocked (private mode, site data disabled): the light theme stays.
  }
  document.documentElement.setAttribute('data-theme', t);
})();
