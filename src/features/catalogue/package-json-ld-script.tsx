import type { PackageDetail } from '../../../contract/catalogue.ts';
import { jsonForScript, packageJsonLd } from './package-json-ld.ts';

/** The package as schema.org data for search engines: in the server's HTML, its code loaded later in the browser. */
export function PackageJsonLd({ pkg, pageUrl, origin }: { pkg: PackageDetail; pageUrl: string; origin: string }) {
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: jsonForScript(packageJsonLd(pkg, pageUrl, origin)) }}
    />
  );
}
