import type { PackageDetail } from '../../../contract/catalogue.ts';
import { TaxHint, useTaxRules } from '../checkout/tax-hint.tsx';

/**
 * The taxes the price will carry (India: GST, and TCS on overseas packages at today's rule; UAE:
 * its VAT). Words beside the price with nothing to tap: the server renders them, and their code
 * (the tax rules) loads as the page hydrates (decision 0079).
 */
export function PackageTax({ pkg }: { pkg: PackageDetail }) {
  const rules = useTaxRules(pkg.taxRules);
  return <TaxHint overseas={pkg.tax?.overseas} vatTreatment={pkg.tax?.vatTreatment} rules={rules} />;
}
