import { integer, object, string } from 'superstruct';
import { eventCodec } from '../../eventStore/eventCodec';
import type { ReportEvent } from './reportEvents';

const decision = object({ reportId: integer(), productId: integer(), by: integer(), note: string() });

export const reportEventCodec = eventCodec<ReportEvent>({ TrackReportUpheld: decision, TrackReportDismissed: decision });
