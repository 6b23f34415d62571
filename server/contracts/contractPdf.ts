import path from 'node:path';
import { formatTermsDate } from '../../shared/content/termsAndConditions';
import { formatCents } from '../../shared/domain/money';
import type { ContractContent } from './contractContent';

/**
 * DejaVu Sans covers Latin, Cyrillic and Greek: a buyer registered as "Алия" gets her name, not
 * boxes (PDF's built-in Helvetica knows only Western European letters).
 */
const FONT_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const REGULAR = path.join(FONT_DIR, 'DejaVuSans.ttf');
const BOLD = path.join(FONT_DIR, 'DejaVuSans-Bold.ttf');

const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** Where anyone can check the contract's id and hash (server/http/libraryEndpoints.ts). */
export const verifyPath = (contractId: string, hash: string) => `/api/v1/contracts/verify?id=${encodeURIComponent(contractId)}&hash=${hash}`;

/**
 * The contract as a PDF (pdfkit, fonts embedded): the parties, the beat, the price and date, the
 * rights quoted from the Terms, and the id and hash that verify it. The hash is of the content, not
 * of the PDF's bytes, so the check does not depend on how the file was rendered; the file is dated
 * by the sale. pdfkit (and its fonts) load on the first contract, not at the server's start.
 */
export async function renderContractPdf(content: ContractContent, hash: string, publicUrl: string): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `Licence contract ${content.contractId}`, Author: 'Beatcrate', Subject: content.beat.name, CreationDate: new Date(content.soldAt) },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);

  const heading = (text: string) => doc.moveDown(0.8).font('bold').fontSize(12).text(text).moveDown(0.3);
  const field = (label: string, value: string) => doc.font('bold').fontSize(10).text(`${label}: `, { continued: true }).font('regular').text(value);

  doc.font('bold').fontSize(18).text('Beat sale and licence contract');
  doc.font('regular').fontSize(10).fillColor('#555').text(`Contract ${content.contractId}`).fillColor('black');

  heading('The parties');
  field('Buyer', content.buyer.name);
  field('Producer (seller)', `${content.producer.name} (producer ${content.producer.producerId})`);
  doc.moveDown(0.3).font('regular').text('The sale was made through Beatcrate, which operates the shop.');

  heading('The beat');
  field('Beat', `${content.beat.name} (beat ${content.beat.productId})`);
  field('Price', `${formatCents(content.price.cents)} ${content.price.currency}`);
  field('Date of sale', DATE.format(new Date(content.soldAt)));
  field('Order', content.orderId);

  heading('The rights this sale grants');
  doc
    .font('regular')
    .fontSize(10)
    .text(`Quoted from the ${content.terms.title} of Beatcrate, effective ${formatTermsDate(content.terms.effectiveDate)}, to which both parties agreed:`)
    .moveDown(0.4);
  for (const grant of content.terms.grants) {
    doc.font('bold').fontSize(9).text(`Section ${grant.section}`);
    doc.font('regular').fontSize(10).text(`“${grant.text}”`, { indent: 12 }).moveDown(0.4);
  }

  heading('Verification');
  field('Contract id', content.contractId);
  field('SHA-256 of the contract content', hash);
  // A link to click rather than an address to copy: the address, with its id and hash, is longer than a line and would wrap inside them.
  const verifyUrl = `${publicUrl}${verifyPath(content.contractId, hash)}`;
  doc.moveDown(0.3).font('regular').fontSize(9).fillColor('#1a56db').text('Check that this contract is genuine', { link: verifyUrl, underline: true }).fillColor('black');
  doc.text(`or ask ${publicUrl}/api/v1/contracts/verify with the contract id and SHA-256 above.`);
  doc.end();
  return done;
}
