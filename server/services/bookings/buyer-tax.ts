import type { LeadTraveller, PriceBreakdown } from '../../../contract/booking.ts';
import type { Site } from '../../../contract/site.ts';
import {
  B2C_ADDRESS_FROM,
  TRN_PATTERN,
  gstinProblem,
  normalizeTaxNumber,
  stateOfGstCode,
} from '../../../contract/tax.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { invalid } from '../../lib/errors.ts';
import { shopDetails } from '../shop-details.ts';
import { placeOfSupply as findPlaceOfSupply, type PlaceOfSupply } from '../tax-rules.ts';

/*
 * Who is billed, as tax law asks (decision 0043). India: the lead traveller's state is the place of
 * supply (CGST + SGST in the seller's own state, IGST to another), a business buyer may give a GSTIN
 * (its state must be that state), and an invoice from ₹50,000 to a buyer without one carries the
 * buyer's address. UAE: a business buyer may give a TRN.
 */

export interface BuyerTax {
  placeOfSupply: PlaceOfSupply | null;
  supply: 'intra' | 'inter' | null;
  gstin: string | null;
  trn: string | null;
  address: string[];
  /** Whether the invoice of this price must carry an address the buyer has not given. */
  addressMissing(price: Pick<PriceBreakdown, 'total' | 'taxes'>): boolean;
  /** Refuses a booking whose invoice must carry an address it does not have. */
  checkAddress(price: Pick<PriceBreakdown, 'total' | 'taxes'>): void;
}

/** The state of the India seller's registration: the first two digits of its GSTIN. */
export const sellerStateCode = (config: Pick<Config, 'SHOP_IN'>) =>
  shopDetails(config, 'IN').taxNumber.trim().slice(0, 2);

export async function buyerTaxDetails(
  db: Db,
  config: Config,
  site: Site,
  input: { LeadTraveller: LeadTraveller; Gstin?: string; Trn?: string },
): Promise<BuyerTax> {
  const lead = input.LeadTraveller;
  const address = (lead.Address ?? []).filter(Boolean);
  const gstinGiven = input.Gstin?.trim() ? normalizeTaxNumber(input.Gstin) : null;
  const trnGiven = input.Trn?.trim() ? normalizeTaxNumber(input.Trn) : null;
  if (site === 'UAE') {
    if (gstinGiven)
      throw invalid(
        'Gstin: a GSTIN is for the India site. On this site a business buyer gives its TRN, or leave it out.',
      );
    if (trnGiven && !TRN_PATTERN.test(trnGiven))
      throw invalid(
        'Trn: a UAE tax registration number has 15 digits (for example 100123456700003). Correct it, or leave it out.',
      );
    return {
      placeOfSupply: null,
      supply: null,
      gstin: null,
      trn: trnGiven,
      address,
      addressMissing: () => false,
      checkAddress: () => {},
    };
  }

  if (trnGiven)
    throw invalid('Trn: a TRN is for the UAE site. On this site a business buyer gives its GSTIN, or leave it out.');
  if (!lead.State)
    throw invalid(
      'LeadTraveller.State: choose the lead traveller’s state. It is the place of supply on your GST invoice.',
    );
  const place = await findPlaceOfSupply(db, lead.State);
  if (!place)
    throw invalid(
      `LeadTraveller.State: “${lead.State}” is not an Indian state or union territory. Choose one from the list.`,
    );
  let gstin: string | null = null;
  if (gstinGiven) {
    const problem = gstinProblem(gstinGiven);
    if (problem) throw invalid(`Gstin: ${gstinGiven} is not a valid GSTIN. ${problem}`);
    const registered = stateOfGstCode(gstinGiven.slice(0, 2))!;
    if (registered.code !== place.code) {
      throw invalid(
        `Gstin: this GSTIN is registered in ${registered.state} (state code ${registered.code}), but the state chosen is ${place.state}. Choose the GSTIN’s state, or leave the GSTIN out.`,
      );
    }
    gstin = gstinGiven;
  }
  const supply = place.code === sellerStateCode(config) ? 'intra' : 'inter';
  const addressMissing = (price: Pick<PriceBreakdown, 'total' | 'taxes'>) => {
    if (gstin || address.length > 0) return false;
    // The invoice's value: what is paid less TCS, which is collected for the tax department, not charged.
    const value = price.total - price.taxes.filter((t) => t.code === 'TCS').reduce((sum, t) => sum + t.amount, 0);
    return value >= B2C_ADDRESS_FROM;
  };
  return {
    placeOfSupply: place,
    supply,
    gstin,
    trn: null,
    address,
    addressMissing,
    checkAddress(price) {
      if (addressMissing(price)) {
        throw invalid(
          'LeadTraveller.Address: a GST invoice of ₹50,000 or more to a buyer without a GSTIN must carry the buyer’s address. Enter your address, or your business GSTIN.',
        );
      }
    },
  };
}
