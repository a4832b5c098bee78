// The one line a merchant pastes into their site: widget.js from Catalyst's own origin, naming the
// widget by its public id.
export const widgetSnippet = (origin: string, publicId: string) =>
  `<script src="${origin}/widget.js" data-catalyst="${publicId}" async></script>`;
