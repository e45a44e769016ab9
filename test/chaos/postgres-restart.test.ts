/**
 * Chaos (a): PostgreSQL restarted mid-campaign. The test's own server is stopped (every connection of the API and the
 * worker is cut) while calls are up, stays down a few seconds, and comes back on the same data; the campaign finishes
 * with every contact dialed exactly as its rule allows.
 */
import { describeServerRestart } from './server-restart-scenario';

describeServerRestart('postgres');
