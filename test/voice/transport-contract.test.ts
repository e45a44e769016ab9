/**
 * Issue 16: every media transport passes one contract suite (test/voice/transport-contract/cases.ts), each against
 * its vendor's far end speaking the vendor's own wire over a loopback WebSocket.
 */
import { transportContract } from './transport-contract/cases';
import { simulatorFarEnd } from './transport-contract/simulator-far-end';
import { twilioFarEnd } from './transport-contract/twilio-far-end';

transportContract(twilioFarEnd);
transportContract(simulatorFarEnd);
