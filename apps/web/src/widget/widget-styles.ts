// The widget's stylesheet, inside its shadow root: the host page's styles do not reach it, and
// its own do not leak out. --accent is the connection's colour. The host element's place is
// set inline by widget.ts, which the page's stylesheets cannot override without !important.
export const widgetStyles = `
/* the page's own rules reach the host element (they beat :host), so every text inside sets its own */
.panel, .launcher { font: 14px/1.4 system-ui, sans-serif; color: #1f2328; text-align: left; letter-spacing: normal; }
button { font: inherit; cursor: pointer; }
.launcher { width: 56px; height: 56px; border-radius: 50%; border: 0; background: var(--accent); color: #fff; font-size: 26px; box-shadow: 0 4px 14px rgba(0,0,0,.25); }
.panel { position: absolute; right: 0; bottom: 68px; width: 340px; max-width: calc(100vw - 40px); height: 460px; max-height: calc(100vh - 110px); display: flex; flex-direction: column; background: #fff; border-radius: 12px; box-shadow: 0 8px 30px rgba(0,0,0,.25); overflow: hidden; }
.panel[hidden] { display: none; }
.header { background: var(--accent); color: #fff; padding: 12px 14px; display: flex; align-items: center; gap: 8px; }
.header p { margin: 0; flex: 1; }
.header button { background: transparent; border: 0; color: #fff; font-size: 18px; }
.log { flex: 1; overflow-y: auto; padding: 12px; display: flex; flex-direction: column; gap: 8px; background: #f6f7f9; }
.bubble { max-width: 80%; padding: 8px 10px; border-radius: 10px; white-space: pre-wrap; word-wrap: break-word; }
.bubble.visitor { align-self: flex-end; background: var(--accent); color: #fff; }
.bubble.company { align-self: flex-start; background: #fff; border: 1px solid #e1e4e8; }
.bubble a { color: inherit; }
.sender { display: block; font-size: 12px; font-weight: 600; margin-bottom: 2px; }
.composer, .prechat { display: flex; gap: 6px; padding: 10px; border-top: 1px solid #e1e4e8; }
.prechat { flex-direction: column; }
input { font: inherit; padding: 8px; border: 1px solid #c9ced4; border-radius: 8px; flex: 1; min-width: 0; }
.attach { background: transparent; border: 0; font-size: 18px; padding: 0 4px; }
.bubble img { display: block; max-width: 100%; max-height: 220px; border-radius: 6px; }
.send { background: var(--accent); color: #fff; border: 0; border-radius: 8px; padding: 8px 12px; }
.notice { padding: 8px 12px; background: #fff8e1; border-bottom: 1px solid #f0e0a0; font-size: 13px; }
.typing { padding: 4px 12px; font-size: 12px; color: #57606a; font-style: italic; }
.typing[hidden] { display: none; }
.error { color: #b42318; font-size: 12px; padding: 0 12px 8px; }
.rating { align-self: flex-start; display: flex; flex-wrap: wrap; gap: 4px; max-width: 100%; }
.rating button { min-width: 30px; padding: 5px 0; border: 1px solid var(--accent); border-radius: 6px; background: #fff; color: var(--accent); }
.rating button:disabled { opacity: .5; cursor: default; }
.seen { align-self: flex-end; margin-top: -4px; font-size: 11px; color: #57606a; }
`;
