import type { Migration } from 'kysely';
import { migration0001 } from './0001_eventStore';
import { migration0002 } from './0002_catalogueProducts';
import { migration0003 } from './0003_accounts';
import { migration0004 } from './0004_catalogue';
import { migration0005 } from './0005_commerce';
import { migration0006 } from './0006_pagesForms';
import { migration0007 } from './0007_trackPlays';
import { migration0008 } from './0008_sandboxPayments';
import { migration0009 } from './0009_actionLogs';
import { migration0010 } from './0010_accountProtection';
import { migration0011 } from './0011_everyBeatSellsOnce';
import { migration0012 } from './0012_paymentReconciliation';
import { migration0013 } from './0013_downloadLog';
import { migration0014 } from './0014_rateLimitHits';
import { migration0015 } from './0015_orderMailQueue';
import { migration0016 } from './0016_producerVerification';
import { migration0017 } from './0017_studioProducts';
import { migration0018 } from './0018_ordersReadModel';
import { migration0019 } from './0019_beatMasters';
import { migration0020 } from './0020_studioBeatDetails';
import { migration0021 } from './0021_licenceContracts';
import { migration0022 } from './0022_buyerPages';
import { migration0023 } from './0023_customOrders';
import { migration0024 } from './0024_adminBackOffice';
import { migration0025 } from './0025_couponsAndProducerLedger';
import { migration0026 } from './0026_accountSettings';
import { migration0027 } from './0027_producerOffers';
import { migration0028 } from './0028_actionLogSummaries';
import { migration0029 } from './0029_supportConsole';
import { migration0030 } from './0030_actionLogFile';
import { migration0031 } from './0031_analytics';
import { migration0032 } from './0032_analyticsWebhooks';
import { migration0033 } from './0033_cataloguePriceFilters';
import { migration0034 } from './0034_uploadSlots';
import { migration0035 } from './0035_demoSeed';
import type { MigrationTarget } from './migrationTarget';

/**
 * Schema migrations for both databases, in order, one file each: a migration's name is its
 * number and what it does, and once shipped it never changes (a change is a new migration).
 */
export function migrations(target: MigrationTarget): Record<string, Migration> {
  return {
    '0001_event_store': migration0001(target),
    '0002_catalogue_products': migration0002(),
    '0003_accounts': migration0003(target),
    '0004_catalogue': migration0004(),
    '0005_commerce': migration0005(target),
    '0006_pages_forms': migration0006(target),
    '0007_track_plays': migration0007(),
    '0008_sandbox_payments': migration0008(target),
    '0009_action_logs': migration0009(target),
    '0010_account_protection': migration0010(target),
    '0011_every_beat_sells_once': migration0011(),
    '0012_payment_reconciliation': migration0012(),
    '0013_download_log': migration0013(target),
    '0014_rate_limit_hits': migration0014(),
    '0015_order_mail_queue': migration0015(),
    '0016_producer_verification': migration0016(),
    '0017_studio_products': migration0017(),
    '0018_orders_read_model': migration0018(),
    '0019_beat_masters': migration0019(),
    '0020_studio_beat_details': migration0020(),
    '0021_licence_contracts': migration0021(),
    '0022_buyer_pages': migration0022(target),
    '0023_custom_orders': migration0023(),
    '0024_admin_back_office': migration0024(),
    '0025_coupons_and_producer_ledger': migration0025(target),
    '0026_account_settings': migration0026(),
    '0027_producer_offers': migration0027(),
    '0028_action_log_summaries': migration0028(target),
    '0029_support_console': migration0029(target),
    '0030_action_log_file': migration0030(target),
    '0031_analytics': migration0031(target),
    '0032_analytics_webhooks': migration0032(target),
    '0033_catalogue_price_filters': migration0033(),
    '0034_upload_slots': migration0034(),
    '0035_demo_seed': migration0035(),
  };
}
