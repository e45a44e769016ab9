import { NavLink, Outlet } from 'react-router-dom';
import './calling-safety.css';

/** The calling-safety area: the do-not-call list and the calling rules, as two tabs. */
export function CallingSafetyLayout() {
  return (
    <div className="calling-safety">
      <div className="page-header">
        <h1>Calling safety</h1>
      </div>
      <nav aria-label="Calling safety sections" className="sub-tabs">
        <NavLink to="/calling-safety" end>
          Do-not-call list
        </NavLink>
        <NavLink to="/calling-safety/rules">Calling rules</NavLink>
      </nav>
      <Outlet />
    </div>
  );
}
