/**
 * The console's only script, a convenience: "Copy" buttons next to secrets
 * and snippets. Pages work without it (the buttons stay hidden). Served from
 * the app, so the Content Security Policy allows it without inline script.
 */
export const CONSOLE_SCRIPT = `
document.querySelectorAll('button[data-copy]').forEach(function (button) {
  var source = document.getElementById(button.getAttribute('data-copy'));
  if (!source || !navigator.clipboard) return;
  button.hidden = false;
  button.addEventListener('click', function () {
    navigator.clipboard.writeText(source.textContent).then(function () {
      var label = button.textContent;
      button.textContent = 'Copied';
      setTimeout(function () { button.textContent = label; }, 1500);
    });
  });
});
`;
