import type { Decider } from '../decider';
import type { ContractEvent, ContractIssue } from './contractEvents';
import { contractEventCodec } from './contractEventCodec';

export type ContractState = { status: 'none' } | { status: 'issued'; issue: ContractIssue };
export type ContractCommand = { type: 'IssueContract'; issue: ContractIssue };

/**
 * A contract is issued once: its id follows from the sale (order and beat), so a second run of the
 * job, on this server or another, finds it issued and records nothing.
 */
export const contractDecider: Decider<ContractState, ContractCommand, ContractEvent> = {
  initialState: () => ({ status: 'none' }),
  codec: contractEventCodec,
  decide(command, state) {
    return state.status === 'none' ? [{ type: 'LicenceContractIssued', data: command.issue }] : [];
  },
  evolve(_state, event) {
    return { status: 'issued', issue: event.data };
  },
};
