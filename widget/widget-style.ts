// The widget's stylesheet, adopted by its shadow root (a constructed stylesheet: a page's strict CSP
// that allows no inline style still allows it). `:host` resets everything the page could pass down
// and holds its place with !important, which beats the page's own rules on the host element.
export const widgetCss = `
:host {
  all: initial !important;
  position: fixed !important;
  bottom: 20px !important;
  z-index: 2147483000 !important;
  display: block !important;
  font: 15px/1.4 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif !important;
  color: #1d2330 !important;
}
:host(.right) { right: 20px !important; }
:host(.left) { left: 20px !important; }
* { box-sizing: border-box; }
button, a { font: inherit; }
:focus-visible { outline: 3px solid #1d2330; outline-offset: 2px; }
.launcher {
  width: 56px; height: 56px; border-radius: 50%; border: 0; cursor: pointer;
  background: var(--catalyst-color); color: var(--catalyst-on-color);
  box-shadow: 0 4px 14px rgba(0, 0, 0, .25); display: grid; place-items: center;
}
.launcher svg { width: 28px; height: 28px; fill: currentColor; }
.panel {
  position: absolute; bottom: 72px; width: min(360px, calc(100vw - 40px));
  background: #fff; border-radius: 14px; box-shadow: 0 8px 30px rgba(0, 0, 0, .25); overflow: hidden;
}
:host(.right) .panel { right: 0; }
:host(.left) .panel { left: 0; }
.panel[hidden] { display: none; }
.head {
  display: flex; align-items: center; justify-content: space-between; gap: 8px;
  padding: 12px 12px 12px 16px; background: var(--catalyst-color); color: var(--catalyst-on-color);
}
h2 { margin: 0; font-size: 17px; font-weight: 700; }
.close {
  min-width: 44px; min-height: 44px; border: 0; border-radius: 8px; cursor: pointer;
  background: transparent; color: inherit; font-size: 24px; line-height: 1;
}
.body { padding: 16px; display: grid; gap: 12px; }
p { margin: 0; }
.hours { color: #4a5263; font-size: 14px; }
.whatsapp {
  display: flex; align-items: center; justify-content: center; gap: 8px; min-height: 48px; padding: 0 16px;
  border-radius: 10px; background: #0b7a47; color: #fff; font-weight: 700; text-decoration: none;
}
.whatsapp svg { width: 20px; height: 20px; fill: currentColor; }
.filter-toggle {
  min-height: 44px; padding: 0 16px; border: 1px solid var(--catalyst-color); border-radius: 10px; cursor: pointer;
  background: #fff; color: #1a1f2b; font: inherit; font-weight: 700;
}
.filter { display: grid; gap: 8px; }
.filter-field { display: grid; gap: 2px; font-size: 14px; }
.filter-field input, .filter-field select {
  min-height: 40px; padding: 0 10px; border: 1px solid #8a93a6; border-radius: 8px; font: inherit; color: inherit; background: #fff;
}
.filter-check { display: flex; gap: 8px; align-items: center; min-height: 40px; font-size: 14px; }
.filter-status { font-size: 14px; color: #4a5263; }
.filter-results { list-style: none; margin: 0; padding: 0; display: grid; gap: 6px; max-height: 240px; overflow-y: auto; }
.filter-result { display: flex; gap: 8px; align-items: center; }
.filter-result input { width: 24px; height: 24px; flex: none; }
.filter-result img { border-radius: 6px; object-fit: cover; flex: none; }
.filter-cart { color: #0b57d0; font-weight: 700; }
.qr { margin: 12px 0 0; display: flex; gap: 12px; align-items: center; }
.qr svg { flex: none; width: 96px; height: 96px; }
.qr figcaption { font-size: 13px; color: #4a5263; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.messages { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; max-height: min(320px, 45vh); overflow-y: auto; }
.messages:empty { display: none; }
.message { max-width: 85%; padding: 8px 12px; border-radius: 12px; background: #eef1f6; overflow-wrap: anywhere; }
.message p { white-space: pre-line; }
.shopper { justify-self: end; background: var(--catalyst-color); color: var(--catalyst-on-color); }
.typing { color: #4a5263; font-style: italic; }
.error { max-width: 100%; background: #fdecea; color: #8a1c12; }
.cards { list-style: none; margin: 8px 0 0; padding: 0; display: grid; gap: 8px; }
.card { display: flex; gap: 8px; padding: 8px; border-radius: 10px; background: #fff; }
.card img { width: 64px; height: 64px; object-fit: cover; border-radius: 8px; flex: none; }
.card-title { font-weight: 600; }
.price { color: #4a5263; }
.add, .catalog { display: inline-block; margin-top: 4px; color: #0b57d0; font-weight: 700; }
.composer { display: flex; gap: 8px; }
.composer input {
  flex: 1; min-width: 0; min-height: 44px; padding: 0 12px; border: 1px solid #8a93a6; border-radius: 10px;
  font: inherit; color: inherit; background: #fff;
}
.send {
  min-height: 44px; padding: 0 16px; border: 0; border-radius: 10px; cursor: pointer; font-weight: 700;
  background: var(--catalyst-color); color: var(--catalyst-on-color);
}
.send:disabled { opacity: .6; cursor: default; }
@media (prefers-reduced-motion: no-preference) { .panel { transition: opacity .15s; } }
`;
