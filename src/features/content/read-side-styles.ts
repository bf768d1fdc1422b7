/*
 * The read-side pages' styles, loaded with the layout (the footer imports this module). The
 * server-rendered HTML links only the entry's CSS; a route chunk's CSS would arrive with its script,
 * after the first paint, and shift the page. About 5 KB gzipped for all of them.
 */
import './content.css';
import '../home/home.css';
import '../catalogue/catalogue.css';
import '../catalogue/package.css';
import '../deals/deals.css';
import '../coupons/coupons.css';
import '../blog/blog.css';
