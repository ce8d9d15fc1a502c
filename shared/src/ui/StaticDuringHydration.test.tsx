import { act, useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { Link, MemoryRouter, useLocation } from './router.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endHydration, StaticDuringHydration, startHydration } from './StaticDuringHydration.tsx';

// React's act() outside a test renderer.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const rendered = vi.fn();

function Content({ label }: { label: string }) {
  rendered(label);
  return (
    <p>
      {label} <Link to="/en/buy">buy</Link> <a href="#faq">faq</a>
    </p>
  );
}

function Where() {
  return <output>{useLocation().pathname}</output>;
}

let setLocale: (locale: string) => void = () => {};
function Page({ label }: { label: string }) {
  const [locale, set] = useState('en');
  setLocale = set;
  return (
    <MemoryRouter initialEntries={['/en']}>
      <IntlProvider locale={locale} messages={{}}>
        <StaticDuringHydration>
          <Content label={label} />
        </StaticDuringHydration>
        <Where />
      </IntlProvider>
    </MemoryRouter>
  );
}

afterEach(() => {
  endHydration();
  rendered.mockClear();
  document.body.replaceChildren();
});

function serverMarkup(): HTMLDivElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Page label="server" />);
  document.body.append(container);
  return container;
}

describe('StaticDuringHydration', () => {
  it('renders its children on the server', () => {
    const container = serverMarkup();
    expect(rendered).toHaveBeenCalledWith('server');
    expect(container.querySelector('[data-static-island] p')?.textContent).toBe('server buy faq');
  });

  it('keeps the server markup while hydrating, without rendering the children', async () => {
    const container = serverMarkup();
    const paragraph = container.querySelector('p');
    rendered.mockClear();
    startHydration();
    await act(async () => {
      hydrateRoot(container, <Page label="browser" />);
    });
    endHydration();
    expect(rendered).not.toHaveBeenCalled();
    expect(container.querySelector('p')).toBe(paragraph);
    expect(paragraph?.textContent).toBe('server buy faq');
  });

  it('follows a kept link inside the app, and leaves an anchor on the page to the browser', async () => {
    const container = serverMarkup();
    startHydration();
    await act(async () => {
      hydrateRoot(container, <Page label="browser" />);
    });
    endHydration();
    const anchor = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    container.querySelector<HTMLAnchorElement>('a[href="#faq"]')?.dispatchEvent(anchor);
    expect(anchor.defaultPrevented).toBe(false);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    await act(async () => {
      container.querySelector<HTMLAnchorElement>('a[href="/en/buy"]')?.dispatchEvent(click);
    });
    expect(click.defaultPrevented).toBe(true);
    expect(container.querySelector('output')?.textContent).toBe('/en/buy');
  });

  it('renders its children for the new locale once the locale changes', async () => {
    const container = serverMarkup();
    startHydration();
    await act(async () => {
      hydrateRoot(container, <Page label="browser" />);
    });
    endHydration();
    rendered.mockClear();
    await act(async () => setLocale('zh-CN'));
    expect(rendered).toHaveBeenCalledWith('browser');
    expect(container.querySelectorAll('p')).toHaveLength(1);
    expect(container.querySelector('p')?.textContent).toBe('browser buy faq');
  });

  it('renders its children when the page is rendered in the browser (client navigations)', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    await act(async () => {
      createRoot(container).render(<Page label="browser" />);
    });
    expect(rendered).toHaveBeenCalledWith('browser');
    expect(container.querySelector('p')?.textContent).toBe('browser buy faq');
  });
});
