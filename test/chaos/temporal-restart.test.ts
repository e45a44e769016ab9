/**
 * Chaos (b): the Temporal server restarted mid-campaign. The test's own file-backed dev server is stopped while calls
 * are up, stays down a few seconds, and comes back on its database file (the campaign's workflow history with it);
 * the worker reconnects and the campaign finishes with every contact dialed exactly as its rule allows.
 */
import { describeServerRestart } from './server-restart-scenario';

describeServerRestart('temporal');
