import { act } from '@testing-library/react';
import { type ComponentType, useLayoutEffect, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import type { AgencyResponseDto, CatalogueResponseDto } from '../../api/generated/model';
import { knownSiteInfo, SiteInfoContext, useAgency } from '../../lib/site-info';
import { applyTheme, ThemeProvider } from '../../lib/theme';
import { island } from './island';
import { loadInView, setHydrating } from './kept';
import { Link, type Location, type Navigator, Router } from './light-router';

/** A section with a question that opens, the agency's phone (the page's answers) and a link (the page's router). */
function Content() {
  const [open, setOpen] = useState(false);
  const phone = useAgency().data?.phone;
  return (
    <div>
      <button type="button" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
        <span>Une question</span>
      </button>
      <p hidden={!open}>La réponse</p>
      <p>{phone}</p>
      <Link to="/services">Services</Link>
    </div>
  );
}

function Whole() {
  return (
    <section id="questions" className="py-12">
      <Content />
    </section>
  );
}

const siteInfo = knownSiteInfo({ phone: '01 23 45 67 89' } as AgencyResponseDto, {} as CatalogueResponseDto);
const location: Location = { pathname: '/', search: '', hash: '', state: null, key: 'default' };

function Page({ Section, navigator }: { Section: ComponentType; navigator: Navigator }) {
  return (
    <ThemeProvider>
      <SiteInfoContext value={siteInfo}>
        <Router location={location} navigator={navigator}>
          <main>
            <Section />
          </main>
        </Router>
      </SiteInfoContext>
    </ThemeProvider>
  );
}

describe('an interactive section hydrated on the first interaction (app/public/island.tsx)', () => {
  it('keeps the server’s HTML without its code until then, hydrates in place, and gives it the click that came before', async () => {
    const navigator: Navigator = { createHref: (to) => String(to), push: vi.fn(), replace: vi.fn(), go: vi.fn() };
    let resolveCode: () => void = () => undefined;
    const codeAsked = new Promise<void>((resolve) => (resolveCode = resolve));
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const load = vi.fn(async () => {
      resolveCode();
      await released;
      return { Whole, Content };
    });
    const Island = island('#questions', load);
    document.body.innerHTML = `<div id="root">${renderToString(<Page Section={Whole} navigator={navigator} />)}</div>`;
    const container = document.getElementById('root')!;
    const button = container.querySelector('button')!;
    const answer = container.querySelector('p')!;
    const errors = vi.spyOn(console, 'error');
    const mismatches: unknown[] = [];
    setHydrating(true);
    const root = await act(async () =>
      hydrateRoot(container, <Page Section={Island} navigator={navigator} />, {
        onRecoverableError: (error) => mismatches.push(error),
      }),
    );
    setHydrating(false);
    expect(load).not.toHaveBeenCalled();
    // Before any interaction, a click does nothing yet (no code): it is held.
    button.dispatchEvent(new MouseEvent('pointerover', { bubbles: true }));
    await codeAsked;
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => button.querySelector('span')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true })));
    expect(button.getAttribute('aria-expanded')).toBe('false');

    // The code arrives: the content is hydrated in place, then the held click is given to it.
    await act(async () => release());
    await vi.waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('true'));
    expect(container.querySelector('button')).toBe(button);
    expect(container.querySelector('p')).toBe(answer);
    expect(answer.hidden).toBe(false);
    expect(container.textContent).toContain('01 23 45 67 89');
    // Hydrated: its own handlers from now on, and its links go through the page's navigator.
    await act(async () => button.click());
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await act(async () => container.querySelector('a')!.click());
    expect(navigator.push).toHaveBeenCalledWith({ pathname: '/services', search: '', hash: '' }, undefined, expect.anything());
    expect(mismatches).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(1);

    // The page leaves: its own root is unmounted after the page's tree.
    await act(async () => {
      root.unmount();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(errors).not.toHaveBeenCalled();
    document.body.innerHTML = '';
  });

  it('holds a click that comes while the page is still hydrating, in the commit that hydrates the section', async () => {
    const navigator: Navigator = { createHref: (to) => String(to), push: vi.fn(), replace: vi.fn(), go: vi.fn() };
    const Island = island('#questions', async () => ({ Whole, Content }));
    document.body.innerHTML = `<div id="root">${renderToString(<Page Section={Whole} navigator={navigator} />)}</div>`;
    const container = document.getElementById('root')!;
    const button = container.querySelector('button')!;
    // A visitor's click in the very commit that hydrates the page: after the section's element is in place, before
    // any effect has run (the layout effect of a component after it).
    function ClickNow() {
      useLayoutEffect(() => {
        button.querySelector('span')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
      }, []);
      return null;
    }
    function Section() {
      return (
        <>
          <Island />
          <ClickNow />
        </>
      );
    }
    setHydrating(true);
    const root = await act(async () => hydrateRoot(container, <Page Section={Section} navigator={navigator} />));
    setHydrating(false);
    await vi.waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('true'));
    await act(async () => {
      root.unmount();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    document.body.innerHTML = '';
  });

  it('holds a click that comes while its own root hydrates (after hydrateRoot, before that root commits)', async () => {
    // The page's root, asked about a click inside a section whose own root is still hydrating, stops the click (React
    // cannot hydrate that root at once from the page's): a click in that moment was lost, and a visitor had to click
    // twice (the home page's « Demander un devis » on a busy phone).
    const load = vi.fn(async () => ({ Whole, Content }));
    const { container, done } = await hydratePage(island('#questions', load));
    const section = container.querySelector('section')!;
    const button = container.querySelector('button')!;
    const ownRoot = () => Object.keys(section).some((key) => key.startsWith('__reactContainer$'));
    // React's own scheduling, as in a browser (not act's, which would hydrate the root before the click).
    const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    button.dispatchEvent(new MouseEvent('pointerover', { bubbles: true }));
    // The code arrives and the section's root is made; its hydration is scheduled, not done.
    for (let turn = 0; turn < 50 && !ownRoot(); turn++) await Promise.resolve();
    expect(ownRoot()).toBe(true);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    button.querySelector('span')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    await vi.waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('true'));
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    await done();
  });

  it('without an interaction, never loads its code', async () => {
    const load = vi.fn(async () => ({ Whole, Content }));
    const navigator: Navigator = { createHref: (to) => String(to), push: vi.fn(), replace: vi.fn(), go: vi.fn() };
    const Island = island('#questions', load);
    document.body.innerHTML = `<div id="root">${renderToString(<Page Section={Whole} navigator={navigator} />)}</div>`;
    const container = document.getElementById('root')!;
    setHydrating(true);
    const root = await act(async () => hydrateRoot(container, <Page Section={Island} navigator={navigator} />));
    setHydrating(false);
    // The page's tree renders again (another location): the server's HTML stays, still without the code.
    await act(async () => root.render(<Page Section={Island} navigator={{ ...navigator }} />));
    expect(load).not.toHaveBeenCalled();
    expect(container.querySelector('section p')?.getAttribute('hidden')).toBe('');
    await act(async () => root.unmount());
    document.body.innerHTML = '';
  });

  /** Hydrates the page with `Island` in place of the section, and gives what to undo. */
  async function hydratePage(Island: ComponentType) {
    const navigator: Navigator = { createHref: (to) => String(to), push: vi.fn(), replace: vi.fn(), go: vi.fn() };
    document.body.innerHTML = `<div id="root">${renderToString(<Page Section={Whole} navigator={navigator} />)}</div>`;
    const container = document.getElementById('root')!;
    setHydrating(true);
    const root = await act(async () => hydrateRoot(container, <Page Section={Island} navigator={navigator} />));
    setHydrating(false);
    return {
      container,
      done: async () => {
        await act(async () => {
          root.unmount();
          await new Promise((resolve) => setTimeout(resolve, 0));
        });
        document.body.innerHTML = '';
      },
    };
  }

  it('loads its code when the section comes near the viewport (a scroll, an address with its anchor)', async () => {
    const observed: Array<{ element: Element; callback: IntersectionObserverCallback }> = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private callback: IntersectionObserverCallback) {}
        observe(element: Element) {
          observed.push({ element, callback: this.callback });
        }
        disconnect() {}
      },
    );
    const load = vi.fn(async () => ({ Whole, Content }));
    const { container, done } = await hydratePage(island('#questions', load));
    const section = container.querySelector('section')!;
    expect(observed.map(({ element }) => element)).toEqual([section]);
    expect(load).not.toHaveBeenCalled();
    await act(async () =>
      observed[0].callback([{ isIntersecting: true, target: section } as unknown as IntersectionObserverEntry], {} as IntersectionObserver),
    );
    expect(load).toHaveBeenCalledTimes(1);
    const button = container.querySelector('button')!;
    // Hydrated in place: its handler answers.
    await vi.waitFor(async () => {
      await act(async () => button.click());
      expect(button.getAttribute('aria-expanded')).toBe('true');
    });
    await done();
  });

  it("with wake: 'page', loads on the first interaction anywhere on the page, not the section coming into view", async () => {
    const load = vi.fn(async () => ({ Whole, Content }));
    const { done } = await hydratePage(island('#questions', load, { wake: 'page' }));
    expect(load).not.toHaveBeenCalled();
    await act(async () => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' })));
    expect(load).toHaveBeenCalledTimes(1);
    await done();
  });

  it('with theme, waits for an interaction in a dark document too, then hydrates without a mismatch', async () => {
    const load = vi.fn(async () => ({ Whole, Content }));
    const errors = vi.spyOn(console, 'error');
    const { container, done } = await hydratePage(island('#questions', load, { theme: true }));
    await act(async () => applyTheme('dark'));
    // Its HTML is the same in both themes (what differs is CSS's): nothing to load before the visitor comes.
    expect(load).not.toHaveBeenCalled();
    const button = container.querySelector('button')!;
    await act(async () => button.dispatchEvent(new MouseEvent('pointerover', { bubbles: true })));
    expect(load).toHaveBeenCalledTimes(1);
    await vi.waitFor(async () => {
      await act(async () => button.click());
      expect(button.getAttribute('aria-expanded')).toBe('true');
    });
    expect(errors).not.toHaveBeenCalled();
    await done();
    applyTheme('light');
  });

  it('in view as the page starts (an address with its anchor), is loaded first and hydrated with the page', async () => {
    const load = vi.fn(async () => ({ Whole, Content }));
    const Island = island('#questions', load);
    const navigator: Navigator = { createHref: (to) => String(to), push: vi.fn(), replace: vi.fn(), go: vi.fn() };
    document.body.innerHTML = `<div id="root">${renderToString(<Page Section={Whole} navigator={navigator} />)}</div>`;
    const container = document.getElementById('root')!;
    const section = container.querySelector('section')!;
    vi.spyOn(section, 'getBoundingClientRect').mockReturnValue({ top: 100, bottom: 500, height: 400 } as DOMRect);
    await loadInView();
    expect(load).toHaveBeenCalledTimes(1);
    const button = container.querySelector('button')!;
    const mismatches: unknown[] = [];
    setHydrating(true);
    const root = await act(async () =>
      hydrateRoot(container, <Page Section={Island} navigator={navigator} />, { onRecoverableError: (error) => mismatches.push(error) }),
    );
    setHydrating(false);
    // Hydrated with the page: its handler answers the first click.
    await act(async () => button.click());
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(container.querySelector('button')).toBe(button);
    expect(mismatches).toEqual([]);
    await act(async () => root.unmount());
    document.body.innerHTML = '';
  });

  it('asks for its code again on the next interaction when it could not be loaded (the network)', async () => {
    const load = vi
      .fn<() => Promise<{ Whole: typeof Whole; Content: typeof Content }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue({ Whole, Content });
    const { container, done } = await hydratePage(island('#questions', load));
    const button = container.querySelector('button')!;
    await act(async () => button.dispatchEvent(new MouseEvent('pointerover', { bubbles: true })));
    expect(load).toHaveBeenCalledTimes(1);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await act(async () => button.dispatchEvent(new MouseEvent('pointerover', { bubbles: true })));
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true })));
    await vi.waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('true'));
    await done();
  });
});
