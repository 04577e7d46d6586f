import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import * as real from 'react-router';
import * as light from './light-router';

/** The same links under React Router and under the public build's light router (light-router.tsx), as HTML. */
function both(element: (router: typeof light | typeof real) => React.ReactNode, pathname: string): [string, string] {
  const location = { pathname, search: '', hash: '', state: null, key: 'default' };
  const navigator = { createHref: real.createPath, push: () => {}, replace: () => {}, go: () => {} };
  return [
    renderToString(
      <real.Router location={location} navigator={navigator}>
        {element(real)}
      </real.Router>,
    ),
    renderToString(
      <light.Router location={location} navigator={navigator}>
        {element(light)}
      </light.Router>,
    ),
  ];
}

describe('the light router of the public pages (app/public/light-router.tsx)', () => {
  it("writes React Router's markup for the links the public pages use", () => {
    const cases: Array<[string, (router: typeof light | typeof real) => React.ReactNode]> = [
      ['/', (r) => <r.Link to="/services">Services</r.Link>],
      ['/', (r) => <r.Link to="/" className="flex items-center" aria-label="Vitrine — accueil" />],
      ['/services', (r) => <r.Link to={{ pathname: '/', hash: '#features' }}>Tarifs</r.Link>],
      ['/cgv', (r) => <r.Link to="#remboursement">Remboursement</r.Link>],
      ['/', (r) => <r.Link to="/order?plan=pro">Commander</r.Link>],
      ['/', (r) => <r.Link to="https://www.linkedin.com/">LinkedIn</r.Link>],
      ...['/', '/services', '/services/x', '/contact'].flatMap(
        (here): Array<[string, (router: typeof light | typeof real) => React.ReactNode]> => [
          [
            here,
            (r) => (
              <r.NavLink to="/" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
                Accueil
              </r.NavLink>
            ),
          ],
          [
            here,
            (r) => (
              <r.NavLink to="/services" className={({ isActive }) => (isActive ? 'on' : 'off')}>
                Services
              </r.NavLink>
            ),
          ],
          [here, (r) => <r.NavLink to="/services">Services</r.NavLink>],
        ],
      ),
    ];
    for (const [here, element] of cases) {
      const [withReal, withLight] = both(element, here);
      expect(withLight).toBe(withReal);
    }
  });

  it("matches addresses as React Router's matchPath does", () => {
    const patterns = ['/', '/services', '/dashboard/sites/:id', '/dashboard/sites/:siteId/manage', '/admin/*', '/a/:b?'];
    const addresses = [
      '/',
      '/services',
      '/Services/',
      '/services/x',
      '/dashboard/sites/12',
      '/dashboard/sites/12/manage',
      '/admin',
      '/admin/x/y',
      '/a',
      '/a/b',
      '/b',
    ];
    for (const path of patterns)
      for (const end of [true, false])
        for (const pathname of addresses)
          expect([path, end, pathname, Boolean(light.matchPath({ path, end }, pathname))]).toEqual([
            path,
            end,
            pathname,
            Boolean(real.matchPath({ path, end }, pathname)),
          ]);
  });

  it('follows a link through the navigator, replacing the entry when it is the same address, and leaves modified clicks to the browser', () => {
    const pushed: string[] = [];
    const replaced: string[] = [];
    const navigator = {
      createHref: light.createPath,
      push: (to: real.To) => pushed.push(light.createPath(to as real.Path)),
      replace: (to: real.To) => replaced.push(light.createPath(to as real.Path)),
      go: () => {},
    };
    const location = { pathname: '/', search: '', hash: '', state: null, key: 'default' };
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    flushSync(() =>
      root.render(
        <light.Router location={location} navigator={navigator}>
          <light.Link to="/services">Services</light.Link>
          <light.Link to="/">Accueil</light.Link>
        </light.Router>,
      ),
    );
    const [services, home] = [...container.querySelectorAll('a')];
    services.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    home.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    // What the browser would do with a ctrl-click (a new tab): seen after the app, then stopped (jsdom has no tabs).
    let leftToBrowser = false;
    const afterApp = (event: Event) => {
      leftToBrowser = !event.defaultPrevented;
      event.preventDefault();
    };
    document.addEventListener('click', afterApp);
    services.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: true }));
    document.removeEventListener('click', afterApp);
    expect(pushed).toEqual(['/services']);
    expect(replaced).toEqual(['/']);
    expect(leftToBrowser).toBe(true);
    root.unmount();
    document.body.innerHTML = '';
  });
});
