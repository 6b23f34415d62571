import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readActionLog } from '../../server/actionLog/actionLogStore';
import { grantRole } from '../../server/auth/staffRoles';
import { replaySession } from '../../shared/actionLog/replay';
import { toCents } from '../../shared/domain/money';
import { emailFormSent, profileFormSent } from '../../shared/features/account/accountSlice';
import { loginRequested, logoutRequested, registrationRequested, resetRequested } from '../../shared/features/auth/authSlice';
import { cartReloadRequested } from '../../shared/features/cart/cartSlice';
import { addressSubmitted, cardPaymentSubmitted, walletPaymentChosen } from '../../shared/features/checkout/checkoutSlice';
import { customOrderRequested, customOrderStepRequested } from '../../shared/features/customOrders/customOrdersSlice';
import { decisionRequested } from '../../shared/features/moderation/moderationSlice';
import { payoutRequested } from '../../shared/features/money/moneySlice';
import { contactFormSubmitted, reportFormSubmitted, subscribeFormSubmitted } from '../../shared/features/pages/pagesSlice';
import { offerSubmitted } from '../../shared/features/producerOffers/producerOffersSlice';
import { verificationFormSent } from '../../shared/features/studio/studioSlice';
import { ApiBrowser, registration } from '../helpers/accountClient';
import { listShop, SHOP, writeShopMedia } from '../helpers/commerceFixtures';
import { findNeedles, tableNames } from '../helpers/databaseScan';
import { startTestApp, type TestApp } from '../helpers/testApp';
import { RecordedTab } from './recordedTab';

const STAFF_PASSWORD = registration().password;

/** A buyer and a producer whose every personal value is unusual enough that finding it in a log can only be a leak. */
const BUYER = {
  firstName: 'Zebediah',
  lastName: 'Quonsetworth',
  renamedLastName: 'Quonsetrenamed',
  email: 'zebediah.quonset@scan-buyer.example',
  newEmail: 'zq.newaddress@scan-buyer.example',
  password: 'Marmoset-quill-77',
  shipping: { fullName: 'Zebediah Quonsetworth', line1: 'Fernwhistle Lane 7', city: 'Grobbleton', postalCode: 'GB-4471', country: 'Germany' },
  brief: 'Please master my song Marrowlight Anthem for streaming, loud but warm.',
  offerBrief: 'Produce a beat for my lyric Cindertoad Lullaby in a slow trap style.',
  message: 'The marrowlight stems are in the shared folder now.',
  contact: 'Hello, the gravelpuffin download failed twice on my side.',
  reportDetails: 'This beat copies the kestrelnoodle riff from my own track.',
} as const;
const PRODUCER = {
  firstName: 'Oswinthe',
  lastName: 'Pellucidar',
  email: 'oswinthe@scan-producer.example',
  password: 'Larkspur-vex-52',
  social: 'https://www.facebook.com/oswinthe.socialpage',
  legalName: 'Oswinthe Legalpellucid',
  dateOfBirth: '1987-04-19',
  address: 'Quagmire Road 88, 20095 Snorkelburg',
  artistName: 'Velvet Cinders',
  shortName: 'velvetcinders',
} as const;
const ADMIN_TYPED = { payoutReference: 'TRANSFER QUILLREF-00442', shopMessage: 'We started on the zanzibarquokka master today.' } as const;

const NEEDLES = [
  'zebediah',
  'quonset',
  'scan-buyer',
  'marmoset-quill',
  'fernwhistle',
  'grobbleton',
  'gb-4471',
  'marrowlight',
  'cindertoad',
  'gravelpuffin',
  'kestrelnoodle',
  'oswinthe',
  'pellucid',
  'scan-producer',
  'larkspur-vex',
  'socialpage',
  '1987-04-19',
  'quagmire',
  'snorkelburg',
  'quillref',
  'zanzibarquokka',
];

describe('no action log holds personal data: every form and page showing some, filled with distinctive values, then both databases searched', () => {
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'beatcrate-personal-scan-'));
  let app: TestApp;
  let addresses = 0;
  const browser = () => new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': `10.61.0.${++addresses}` });
  const tabs: RecordedTab[] = [];
  const open = async (member: ApiBrowser, url: string) => {
    const tab = await RecordedTab.open(member, url);
    tabs.push(tab);
    return tab;
  };
  const staff = async (email: string, role: 'admin' | 'moderator') => {
    const member = browser();
    expect((await member.json('POST', '/auth/register', registration({ email }))).status).toBe(201);
    await grantRole(app.deps, email, role);
    expect((await member.json('POST', '/auth/login', { email, password: STAFF_PASSWORD })).status).toBe(200);
    return member;
  };

  beforeAll(async () => {
    writeShopMedia(mediaDir);
    app = await startTestApp({ env: { MEDIA_DIR: mediaDir } });
    await listShop(app.deps);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  test('registration, account, verification, checkout, custom orders, the page forms, moderation and the admin\'s pages', async () => {
    // A guest registers as a seller, verifies and changes the profile; a moderator approves on Pending producers.
    const producer = browser();
    const producerTab = await open(producer, '/?register=true');
    producerTab.dispatch(
      registrationRequested({
        ...registration({ firstName: PRODUCER.firstName, lastName: PRODUCER.lastName, email: PRODUCER.email, password: PRODUCER.password, confirmPassword: PRODUCER.password }),
        selectedRole: 'producer',
        isBuyer: false,
        socialNetwork: PRODUCER.social,
      } as Parameters<typeof registrationRequested>[0]),
    );
    await producerTab.until((state) => state.auth.user !== null, 'the new producer logged in');
    await producerTab.go('/dashboard/account/profile');
    producerTab.dispatch(
      verificationFormSent({
        artistName: PRODUCER.artistName,
        shortName: PRODUCER.shortName,
        legalName: PRODUCER.legalName,
        dateOfBirth: PRODUCER.dateOfBirth,
        address: PRODUCER.address,
        country: 'Germany',
      }),
    );
    await producerTab.until((state) => state.studio.verification?.status === 'pending', 'the verification sent');
    producerTab.dispatch(profileFormSent({ firstName: PRODUCER.firstName, lastName: `${PRODUCER.lastName}-Jr`, country: 'Germany', socialNetwork: `${PRODUCER.social}2` }));
    await producerTab.until((state) => state.account.forms.profile.status === 'done', 'the profile saved');
    const producerUserId = producerTab.state.auth.user!.id;

    const moderator = await staff('moderator@scan.example', 'moderator');
    const moderatorTab = await open(moderator, '/admin/producers/pending');
    expect(moderatorTab.state.moderation.pendingProducers?.map((row) => row.legalName)).toEqual([PRODUCER.legalName]);
    moderatorTab.dispatch(decisionRequested({ queue: 'producers', id: producerUserId, verdict: 'approve' }));
    await moderatorTab.until((state) => state.moderation.pendingProducers?.length === 0, 'the producer approved');

    // The producer offers a service of their own.
    await producerTab.go('/dashboard/custom-services');
    producerTab.dispatch(offerSubmitted({ name: 'Trap beat to order', description: 'A trap beat made to your lyric, with stems.', priceCents: 9_000, deliveryDays: 7 }));
    await producerTab.until((state) => (state.producerOffers.mine?.offers.length ?? 0) === 1, 'the offer made');
    const offerId = producerTab.state.producerOffers.mine!.offers[0]!.id;

    // A guest uses the page forms, then registers as a buyer.
    const buyer = browser();
    const buyerTab = await open(buyer, '/contacts');
    buyerTab.dispatch(contactFormSubmitted({ name: `${BUYER.firstName} ${BUYER.lastName}`, email: BUYER.email, subject: 'A download', message: BUYER.contact }));
    await buyerTab.until((state) => state.pages.forms.contact.status === 'sent', 'the message sent');
    buyerTab.dispatch(subscribeFormSubmitted({ email: BUYER.email }));
    await buyerTab.until((state) => state.pages.forms.subscribe.status === 'sent', 'the subscription');
    await buyerTab.go(`/product/${SHOP.pack.productId}`);
    buyerTab.dispatch(reportFormSubmitted({ productId: SHOP.pack.productId, reason: 'other', details: BUYER.reportDetails, email: BUYER.email }));
    await buyerTab.until((state) => state.pages.forms.report.status === 'sent', 'the report sent');
    buyerTab.dispatch(
      registrationRequested({ ...registration({ firstName: BUYER.firstName, lastName: BUYER.lastName, email: BUYER.email, password: BUYER.password, confirmPassword: BUYER.password }) } as Parameters<
        typeof registrationRequested
      >[0]),
    );
    await buyerTab.until((state) => state.auth.user !== null, 'the new buyer logged in');
    const buyerId = buyerTab.state.auth.user!.id;

    // Logged out and in again; a reset link asked for.
    buyerTab.dispatch(logoutRequested());
    await buyerTab.until((state) => state.auth.user === null, 'logged out');
    buyerTab.dispatch(resetRequested({ email: BUYER.email }));
    await buyerTab.until((state) => state.auth.login.status === 'idle', 'the reset link sent');
    buyerTab.dispatch(loginRequested({ email: BUYER.email, password: BUYER.password }));
    await buyerTab.until((state) => state.auth.user !== null, 'logged in again');

    // Account settings: a new name, a new address asked for.
    await buyerTab.go('/dashboard/account/profile');
    buyerTab.dispatch(profileFormSent({ firstName: BUYER.firstName, lastName: BUYER.renamedLastName, country: 'Germany' }));
    await buyerTab.until((state) => state.account.profile?.lastName === BUYER.renamedLastName, 'the new name');
    buyerTab.dispatch(emailFormSent({ email: BUYER.newEmail, currentPassword: BUYER.password }));
    await buyerTab.until((state) => state.account.forms.emailChange.status === 'done', 'the address change asked for');

    // Checkout: a card order, then a wallet payment with a shipping address.
    expect((await buyer.call('POST', '/ecommerce/cart', { product: SHOP.pack.productId, includeProjectFile: false })).status).toBe(200);
    await buyerTab.go('/cart');
    buyerTab.dispatch(cartReloadRequested());
    await buyerTab.until((state) => state.cart.total > 0, 'the cart and its total shown');
    buyerTab.dispatch(cardPaymentSubmitted({ paymentMethodId: 'pm_card_visa', expectedTotal: toCents(buyerTab.state.cart.total) }));
    await buyerTab.until((state) => state.checkout.order?.status === 'paid', 'the card order paid');
    const cardOrderId = buyerTab.state.checkout.order!.id;
    expect((await buyer.call('POST', '/ecommerce/cart', { product: SHOP.beat2.productId, includeProjectFile: false })).status).toBe(200);
    await buyerTab.go('/cart');
    buyerTab.dispatch(cartReloadRequested());
    await buyerTab.until((state) => state.cart.total > 0, 'the cart and its total shown');
    buyerTab.dispatch(walletPaymentChosen('google_pay'));
    buyerTab.dispatch(addressSubmitted({ shippingAddress: BUYER.shipping, expectedTotal: toCents(buyerTab.state.cart.total) }));
    await buyerTab.until((state) => state.checkout.status !== 'submitting', 'the wallet order answered');

    // Custom orders: one of the shop's services with a brief and a message, and the producer's offer.
    await buyerTab.go('/dashboard/services');
    const shownPrice = toCents(buyerTab.state.pages.soundServices!.find((service) => service.id === 2)!.priceUsd);
    buyerTab.dispatch(customOrderRequested({ serviceId: 2, paymentMethodId: 'pm_card_visa', expectedTotal: shownPrice }, BUYER.brief));
    await buyerTab.until((state) => state.customOrders.open?.brief === BUYER.brief && state.navigation.routeName === 'dashboard-services-id', 'the order page');
    const shopOrderId = buyerTab.state.customOrders.open!.id;
    buyerTab.dispatch(customOrderStepRequested({ id: shopOrderId, side: 'buyer', action: 'message' }, BUYER.message));
    await buyerTab.until((state) => state.customOrders.open?.thread.some((entry) => entry.text === BUYER.message) === true, 'the message in the thread');
    await buyerTab.go('/dashboard/services', `?offer=${offerId}`);
    const offerPrice = toCents(buyerTab.state.customOrders.offerToOrder!.offer!.price);
    buyerTab.dispatch(customOrderRequested({ offerId, paymentMethodId: 'pm_card_visa', expectedTotal: offerPrice }, BUYER.offerBrief));
    await buyerTab.until((state) => state.customOrders.open?.brief === BUYER.offerBrief && state.navigation.routeName === 'dashboard-services-id', 'the offer order page');
    const offerOrderId = buyerTab.state.customOrders.open!.id;
    await buyerTab.go('/dashboard');

    // The producer reads the order for their offer.
    await producerTab.go('/dashboard/custom-services');
    await producerTab.go(`/dashboard/custom-services/${offerOrderId}`);
    expect(producerTab.state.customOrders.open?.buyerName).toContain(BUYER.firstName);

    // The moderator reads the report.
    await moderatorTab.go('/admin/tracks/reported');
    expect(moderatorTab.state.moderation.reportedTracks?.map((report) => report.details)).toEqual([BUYER.reportDetails]);

    // The admin finds the buyer and their orders, reads the custom orders, pays the producer out, searches support.
    const admin = await staff('admin@scan.example', 'admin');
    const adminTab = await open(admin, '/admin');
    await adminTab.go('/admin/buyers', `?q=${BUYER.lastName.slice(0, 7)}`);
    expect(adminTab.state.adminLists.lists.buyers?.rows.map((row) => row.id)).toEqual([buyerId]);
    await adminTab.go(`/admin/buyers/${buyerId}`);
    await adminTab.go('/admin/orders', `?q=${encodeURIComponent(BUYER.email)}`);
    await adminTab.go(`/admin/orders/${cardOrderId}`);
    expect(adminTab.state.adminLists.order?.order.buyerEmail).toBe(BUYER.email);
    await adminTab.go('/admin/producers');
    const producerRow = adminTab.state.adminLists.lists.producers?.rows.find((row) => row.account?.userId === producerUserId);
    await adminTab.go(`/admin/producers/${producerRow!.id}`);
    await adminTab.go('/admin/custom-orders');
    await adminTab.go(`/admin/custom-orders/${shopOrderId}`);
    expect(adminTab.state.customOrders.open?.brief).toBe(BUYER.brief);
    adminTab.dispatch(customOrderStepRequested({ id: shopOrderId, side: 'shop', action: 'message' }, ADMIN_TYPED.shopMessage));
    await adminTab.until((state) => state.customOrders.open?.thread.some((entry) => entry.text === ADMIN_TYPED.shopMessage) === true, 'the shop\'s message');
    await adminTab.go('/admin/payouts');
    const balance = adminTab.state.money.balances!.find((row) => row.producerId === SHOP.pack.producerId)!;
    adminTab.dispatch(payoutRequested({ payoutId: 'scan-payout-0001', producerId: balance.producerId, amountCents: balance.balanceCents, reference: ADMIN_TYPED.payoutReference }));
    await adminTab.until((state) => state.money.status !== null, 'the payout recorded');
    await buyerTab.ship();
    await adminTab.go('/admin/support/sessions', `?email=${encodeURIComponent(BUYER.email)}`);
    expect(adminTab.state.support.search?.sessions.length).toBeGreaterThan(0);

    // The buyer's dashboard home lists the open custom orders; then every tab is hidden and ships its log.
    await buyerTab.go('/dashboard');
    for (const tab of tabs) await tab.close();

    // Every value but the passwords reached the shop's own tables: the needles are real.
    const kind = app.deps.database.kind;
    const shopTables = await tableNames(app.deps.database.query, kind);
    const stored = await findNeedles(app.deps.database.query, shopTables.filter((table) => !/^(action_log|support_imported|analytics_events)/.test(table)), NEEDLES);
    const passwords = ['marmoset-quill', 'larkspur-vex'];
    expect(NEEDLES.filter((needle) => !passwords.includes(needle) && !stored.some((hit) => hit.includes(`: ${needle} in`)))).toEqual([]);
    const logTables = (await tableNames(app.deps.actionLogs.query, kind)).filter((table) => kind === 'sqlite' || table.startsWith('action_log') || table.startsWith('support_imported'));
    const shopLogTables = shopTables.filter((table) => /^(action_log|support_imported|analytics_events)/.test(table));
    const sessions = await app.deps.actionLogs.query.selectFrom('action_log_sessions').select(['id', 'user_id', 'entry_count']).execute();
    expect(sessions.map((session) => session.user_id).filter((id) => id !== null).sort()).toEqual(expect.arrayContaining([buyerId, producerUserId]));

    // The logs hold the pages: what is public (the producer's artist name, a service, the order ids) is there.
    const logged = JSON.stringify(await Promise.all(tabs.map((tab) => readActionLog(app.deps.actionLogs.query, tab.recorder.sessionId))));
    for (const shown of [PRODUCER.artistName, shopOrderId, offerOrderId, 'Trap beat to order', cardOrderId]) expect(logged).toContain(shown);

    // And no personal value is in any log, in either database.
    expect([...(await findNeedles(app.deps.actionLogs.query, logTables, NEEDLES)), ...(await findNeedles(app.deps.database.query, shopLogTables, NEEDLES))]).toEqual([]);

    // Each tab's log still replays to its checkpoints: the browser hashed the state as the log holds it.
    for (const tab of tabs) {
      const replayed = replaySession(await readActionLog(app.deps.actionLogs.query, tab.recorder.sessionId));
      expect([tab.recorder.sessionId, replayed.divergedAt, replayed.checkpoints.length > 0]).toEqual([tab.recorder.sessionId, null, true]);
    }
  });
});
