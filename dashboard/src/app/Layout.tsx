import { useEffect, useState } from 'react';
import { NavLink, Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useLogout, useSession } from './session';
import { documentTitle, PRODUCT_NAME } from './document-title';
import { SkipLink } from './SkipLink';
import { Loading } from '../ui/Feedback';
import { LlmBanner } from './LlmBanner';

const SECTIONS = [
  { to: '/agents', label: 'Agents' },
  { to: '/tools', label: 'Tools' },
  { to: '/knowledge-base', label: 'Knowledge base' },
  { to: '/campaigns', label: 'Campaigns' },
  { to: '/runs', label: 'Runs' },
  { to: '/telephony', label: 'Telephony' },
  { to: '/calling-safety', label: 'Calling safety' },
  { to: '/webhooks', label: 'Webhooks' },
  { to: '/credentials', label: 'Credentials' },
  { to: '/api-keys', label: 'API keys' },
];

/** The signed-in frame: navigation, the caller and logout around the page. Signed out, it goes to the login page. */
export function Layout() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();
  const [menuOpen, setMenuOpen] = useState(false);
  // A link followed from the menu on a narrow screen closes it.
  useEffect(() => setMenuOpen(false), [location.pathname]);
  if (session.isPending) return <Loading />;
  if (!session.data) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?next=${encodeURIComponent(next)}`} replace />;
  }
  const { user, organization } = session.data;
  return (
    <div className="shell">
      <SkipLink target="content" />
      <SectionTitle />
      <header className={`topbar${menuOpen ? ' menu-open' : ''}`}>
        <span className="brand">{PRODUCT_NAME}</span>
        <button
          type="button"
          className="menu-button"
          aria-expanded={menuOpen}
          aria-controls="main-navigation"
          onClick={() => setMenuOpen((open) => !open)}
        >
          Menu
        </button>
        <nav aria-label="Main" id="main-navigation">
          <ul>
            {SECTIONS.map((section) => (
              <li key={section.to}>
                <NavLink to={section.to}>{section.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="who">
          <span>
            {user?.email ?? 'API key'} · {organization.name}
          </span>
          <button
            type="button"
            className="link-button"
            onClick={async () => {
              await logout();
              void navigate('/login', { replace: true });
            }}
          >
            Log out
          </button>
        </div>
      </header>
      <main className="page" id="content" tabIndex={-1}>
        <LlmBanner />
        <Outlet />
      </main>
    </div>
  );
}

/**
 * The section's title ("Campaigns · Voice Agent Calling") on each navigation. Drawn before the page, so its effect
 * runs first and a page that names itself more precisely (useDocumentTitle) sets the last word.
 */
function SectionTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    const section = SECTIONS.find(({ to }) => pathname === to || pathname.startsWith(`${to}/`));
    document.title = section ? documentTitle(section.label) : PRODUCT_NAME;
  }, [pathname]);
  return null;
}
