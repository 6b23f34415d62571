import type { Decider } from '../decider';
import type { ContractEvent, ContractIssue } from './contractEvents';
import { contractEventCodec } from './contractEventCodec';

export type ContractState = { status: 'none' } | { status: 'issued'; issue: ContractIssue };
export type ContractCommand =
  | { type: 'IssueContract'; issue: ContractIssue }
  | { type: 'ReissueContract'; producerName: string; contentHash: string; reissuedAt: string };

/**
 * A contract is issued once: its id follows from the sale (order and beat), so a second run of the
 * job, on this server or another, finds it issued and records nothing.
 */
export const contractDecider: Decider<ContractState, ContractCommand, ContractEvent> = {
  initialState: () => ({ status: 'none' }),
  codec: contractEventCodec,
  decide(command, state) {
    switch (command.type) {
      case 'IssueContract':
        return state.status === 'none' ? [{ type: 'LicenceContractIssued', data: command.issue }] : [];
      case 'ReissueContract': {
        // Only an issued contract is made again; the same content again records nothing.
        if (state.status === 'none' || state.issue.contentHash === command.contentHash) return [];
        const { producerName, contentHash, reissuedAt } = command;
        return [{ type: 'LicenceContractReissued', data: { producerName, contentHash, reissuedAt } }];
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'LicenceContractIssued':
        return { status: 'issued', issue: event.data };
      case 'LicenceContractReissued':
        return state.status === 'issued' ? { status: 'issued', issue: { ...state.issue, producerName: event.data.producerName, contentHash: event.data.contentHash } } : state;
    }
  },
};
