import { reportDecider, type ReportCommand } from './reportDecider';
import type { ReportEvent } from './reportEvents';

const decision = { reportId: 3, productId: 12, by: 2, note: '  Uses an uncleared sample.  ' };
const decide = (events: ReportEvent[], command: ReportCommand) => () =>
  reportDecider.decide(command, events.reduce(reportDecider.evolve, reportDecider.initialState()));

describe('report decider', () => {
  test('an open report is upheld with a trimmed note for the producer, or dismissed with or without one', () => {
    expect(decide([], { type: 'UpholdReport', decision })()).toEqual([{ type: 'TrackReportUpheld', data: { ...decision, note: 'Uses an uncleared sample.' } }]);
    expect(decide([], { type: 'DismissReport', decision: { ...decision, note: '' } })()).toEqual([{ type: 'TrackReportDismissed', data: { ...decision, note: '' } }]);
    expect(decide([], { type: 'UpholdReport', decision: { ...decision, note: ' ' } })).toThrow(/why the beat is taken down/);
  });

  test('a report is decided once', () => {
    const upheld: ReportEvent = { type: 'TrackReportUpheld', data: decision };
    expect(decide([upheld], { type: 'DismissReport', decision })).toThrow('This report was upheld already');
    expect(decide([upheld], { type: 'UpholdReport', decision })).toThrow('This report was upheld already');
  });
});
