import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { kept, keptLoaded, preloadKept, setHydrating } from './kept';

function Figures({ n }: { n: number }) {
  return (
    <section aria-label="Chiffres" className="py-12" tabIndex={-1}>
      <p>{n} sites</p>
      <a href="/services">Services</a>
    </section>
  );
}

describe('a section kept as the server’s HTML (app/public/kept.tsx)', () => {
  it('hydrates as its root element with the server’s inner HTML, untouched, without its code; shown afresh, with its code', async () => {
    const load = vi.fn(async () => Figures);
    const Kept = kept<{ n: number }>('section[aria-label="Chiffres"]', load);
    document.body.innerHTML = `<div id="root">${renderToString(
      <main>
        <Figures n={12} />
      </main>,
    )}</div>`;
    const container = document.getElementById('root')!;
    const paragraph = container.querySelector('p');
    const errors = vi.spyOn(console, 'error');
    const mismatches: unknown[] = [];
    setHydrating(true);
    const root = await act(async () =>
      hydrateRoot(
        container,
        <main>
          <Kept n={99} />
        </main>,
        { onRecoverableError: (error) => mismatches.push(error) },
      ),
    );
    setHydrating(false);
    expect(mismatches).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    expect(load).not.toHaveBeenCalled();
    // The server's nodes, as they were (its figure, not the props' one).
    expect(container.querySelector('p')).toBe(paragraph);
    expect(container.querySelector('p')?.textContent).toBe('12 sites');
    // Rendered again by its parent: still the server's HTML.
    await act(async () =>
      root.render(
        <main>
          <Kept n={98} />
        </main>,
      ),
    );
    expect(container.querySelector('p')).toBe(paragraph);

    // A page shown afresh after a link: the real section, its code loaded first.
    expect(keptLoaded()).toBe(false);
    await preloadKept();
    expect(keptLoaded()).toBe(true);
    await act(async () => root.render(<div />));
    await act(async () =>
      root.render(
        <main>
          <Kept n={7} />
        </main>,
      ),
    );
    expect(container.querySelector('p')?.textContent).toBe('7 sites');
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => root.unmount());
    document.body.innerHTML = '';
  });
});
