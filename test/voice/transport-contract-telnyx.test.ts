/**
 * Issue 16, Telnyx: its media transport (Media Streaming, bidirectional RTP mode) passes the one contract suite
 * (test/voice/transport-contract/cases.ts) against Telnyx's far end speaking Telnyx's wire over a loopback WebSocket,
 * whether Telnyx echoes the marks a clear dropped or not (its documentation does not say).
 */
import { transportContract } from './transport-contract/cases';
import { telnyxFarEnd } from './transport-contract/telnyx-far-end';

transportContract(telnyxFarEnd);
transportContract({ ...telnyxFarEnd, echoesClearedMarks: false });
