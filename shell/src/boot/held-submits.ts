/**
 * A server-rendered form has no handler until React hydrates it. A submit before then (a fast
 * visitor, a slow phone) would be the browser's own, which for the login form meant a GET with the
 * password in the URL; and hydration resets fields to the form's defaults, dropping what was typed.
 * So submits that arrive before the app is interactive are held, what was typed is put back once the
 * app's handlers are there (as input the app sees), and the held submit goes through the app.
 */
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type Typed = { value: string; checked: boolean };

let heldSubmit: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;
let listening: Document | null = null;
/** The latest value of each field the visitor changed before the app was interactive. */
let typed = new Map<Field, Typed>();

function hold(event: Event): void {
  if (!(event.target instanceof HTMLFormElement)) return;
  event.preventDefault();
  heldSubmit = { form: event.target, submitter: (event as SubmitEvent).submitter ?? null };
}

const CHECKABLE = new Set(['checkbox', 'radio']);
const SKIPPED = new Set(['file', 'hidden', 'submit', 'button', 'reset', 'image']);

function changedByVisitor(field: Field): boolean {
  if (field instanceof HTMLSelectElement) return [...field.options].some((o) => o.selected !== o.defaultSelected);
  if (field instanceof HTMLInputElement && CHECKABLE.has(field.type)) return field.checked !== field.defaultChecked;
  return field.value !== field.defaultValue;
}

const isField = (target: EventTarget | null): target is Field =>
  (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) &&
  !!target.form &&
  !SKIPPED.has(target.type);

const remember = (field: Field) =>
  typed.set(field, { value: field.value, checked: field instanceof HTMLInputElement && field.checked });

function record(event: Event): void {
  if (isField(event.target)) remember(event.target);
}

/**
 * Called first thing by the shell's entry, before any of the app's code loads (module scripts run
 * once the markup is parsed): what was typed so far, and from then on every change.
 */
export function holdSubmitsUntilInteractive(doc: Document = document): void {
  if (listening) return;
  listening = doc;
  for (const form of doc.forms)
    for (const element of form.elements) if (isField(element) && changedByVisitor(element)) remember(element);
  // Capture on the document runs before React's listeners on its root, which are not there yet.
  doc.addEventListener('submit', hold, true);
  doc.addEventListener('input', record, true);
  doc.addEventListener('change', record, true);
}

/** The value setter of the element's own prototype: React notices the change, as if typed. */
function setAsTyped(field: Field, { value, checked }: Typed): void {
  if (field instanceof HTMLInputElement && CHECKABLE.has(field.type)) {
    if (field.checked !== checked) field.click();
    return;
  }
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  if (field.value === value || !setter) return;
  setter.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/** Called once the app has committed its first render (hydrated or rendered afresh). */
export function releaseHeldSubmits(): void {
  listening?.removeEventListener('submit', hold, true);
  listening?.removeEventListener('input', record, true);
  listening?.removeEventListener('change', record, true);
  listening = null;
  const remembered = typed;
  typed = new Map();
  for (const [field, entry] of remembered) if (field.isConnected) setAsTyped(field, entry);
  const pending = heldSubmit;
  heldSubmit = null;
  if (!pending?.form.isConnected) return;
  const { form, submitter } = pending;
  const ownSubmitter = submitter instanceof HTMLButtonElement && submitter.form === form ? submitter : undefined;
  form.requestSubmit(ownSubmitter);
}
