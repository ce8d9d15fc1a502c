/** The cashier page's CSS, inline (its CSP allows no external style sheet), in the providers' colours. */
export const STYLE = `
  /* --brand-strong carries white text (contrast ≥ 4.5:1); --brand is the providers' own bright colour. */
  :root { --brand: #1677ff; --brand-strong: #0958d9; --brand-hover: #003eb3; --brand-soft: #e6f0ff; }
  body.wechat { --brand: #07c160; --brand-strong: #067a3d; --brand-hover: #045a2d; --brand-soft: #e7f8ef; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.6 system-ui, -apple-system, "Segoe UI", "PingFang SC", "Microsoft YaHei", sans-serif; background: #f2f4f7; color: #1f2328; }
  .sandbox-banner { background: #fff3cd; color: #5c3c00; border-bottom: 2px solid #e0a800; padding: 10px 20px; text-align: center; }
  .sandbox-banner strong { display: block; font-size: 16px; letter-spacing: .02em; }
  .provider { background: var(--brand-strong); color: #fff; display: flex; align-items: center; gap: 12px; padding: 14px 20px; flex-wrap: wrap; }
  .logo { width: 36px; height: 36px; border-radius: 8px; background: #fff; color: var(--brand); display: grid; place-items: center; font-weight: 700; font-size: 20px; }
  .provider-name { font-size: 18px; font-weight: 600; }
  .provider-kind { font-size: 14px; }
  .provider nav { margin-left: auto; font-size: 14px; }
  .provider nav a { color: #fff; margin-left: 10px; }
  .provider nav a[aria-current="true"] { font-weight: 700; text-decoration: none; }
  main { max-width: 520px; margin: 24px auto; padding: 0 16px; }
  h1 { font-size: 20px; margin: 0 0 12px; }
  .card { background: #fff; border-radius: 12px; padding: 24px; box-shadow: 0 1px 3px rgba(0,0,0,.08); }
  .amount { font-size: 40px; font-weight: 700; margin: 4px 0 16px; color: #111; font-variant-numeric: tabular-nums; }
  .amount .currency { font-size: 24px; margin-right: 4px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 16px; margin: 0 0 20px; }
  dt { color: #57606a; }
  dd { margin: 0; overflow-wrap: anywhere; }
  #time-left { font-variant-numeric: tabular-nums; font-weight: 600; color: #b42318; }
  figure.qr { margin: 0 0 20px; text-align: center; }
  figure.qr svg { width: 200px; height: 200px; border: 8px solid var(--brand-soft); border-radius: 8px; }
  figcaption { color: #57606a; font-size: 14px; }
  form { display: grid; gap: 10px; }
  button { font: inherit; font-size: 17px; padding: 12px 16px; border-radius: 8px; cursor: pointer; border: 1px solid transparent; }
  button.pay { background: var(--brand-strong); color: #fff; font-weight: 600; }
  button.pay:hover { background: var(--brand-hover); }
  button.pay:disabled { background: #98a2b3; cursor: not-allowed; }
  button.fail { background: #fff; color: #b42318; border-color: #f3b8b2; }
  button:focus-visible, a:focus-visible { outline: 3px solid #111; outline-offset: 2px; }
  .message p { margin: 0 0 12px; }
  .message a { color: var(--brand-strong); }
  .sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
  .status-icon { font-size: 40px; line-height: 1; margin-bottom: 8px; }
`;
