import { NavLink, Outlet, useLocation } from 'react-router-dom';
import './telephony.css';

/** The telephony area: provider configurations with their numbers, and voice configurations, as two tabs. */
export function TelephonyLayout() {
  // A configuration's numbers page (/telephony/configs/…) belongs to the first tab.
  const onVoice = useLocation().pathname.startsWith('/telephony/voice');
  return (
    <div className="telephony">
      <div className="page-header">
        <h1>Telephony and voice</h1>
      </div>
      <nav aria-label="Telephony sections" className="sub-tabs">
        <NavLink to="/telephony" end={onVoice}>
          Configurations and numbers
        </NavLink>
        <NavLink to="/telephony/voice">Voice configurations</NavLink>
      </nav>
      <Outlet />
    </div>
  );
}
