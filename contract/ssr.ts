import type { ApiCall } from './api.ts';
import type { Site } from './site.ts';

/**
 * The agreement between the server and the app's server entry (src/entry-server.tsx): the server
 * hands it a way to read the API in process and gets back a stream to send.
 */
export type ServerFetch = (
  call: ApiCall,
  params: object,
  site: Site,
) => Promise<{ httpStatus: number; body: { status: string; data: unknown } }>;

export interface PublicSettings {
  /** Canonical origin, e.g. https://shop.example.com */
  origin: string;
  gtm: { UAE?: string; IN?: string };
  googleClientId?: string;
  /**
   * Cipher key of the login token: the client decrypts the token to read its four parts (SPEC §3).
   * Public by design; sessions are protected by the server's session rows (docs/decisions).
   */
  tokenKey?: string;
  /** Razorpay's checkout script, when Razorpay is on (India's checkout loads it). */
  razorpayCheckout?: string;
}

export interface PageAssets {
  css: string[];
  /** The chunks the entry imports: preloaded when the entry starts (src/lib/start-after-hero.ts), not from the head. */
  preload: string[];
  /**
   * The files of the cart's database and sync code (src/features/cart/cart-code.ts): fetched
   * ahead on a page the service worker does not control yet, so an add still works offline.
   */
  cartCode: string[];
}

/**
 * The signed-in traveller a personal page (My trips) is rendered for: their own reads go through
 * `fetchApi`, which carries their token, so the API checks each answer is theirs. Such a page is
 * never kept by the server, a browser or the service worker (server/lib/personal-page.ts).
 */
export interface PageTraveller {
  userId: string;
  fetchApi: ServerFetch;
}

export interface RenderRequest {
  url: string;
  fetchApi: ServerFetch;
  /** Set only on a personal page requested with a sign-in's cookies. */
  traveller?: PageTraveller;
  settings: PublicSettings;
  assets: PageAssets;
  /**
   * The app's stylesheet, to put in the page itself (production): the first paint then needs no
   * second request. Not part of the page's data: the browser reads it back from the page.
   */
  inlineCss?: string;
  /** Modules the page starts as soon as it can (development: Vite's client and the entry). */
  bootstrapModules: string[];
  /** The built entry, started once the page's hero image has painted (src/lib/start-after-hero.ts). */
  entryAfterHero?: string;
  /**
   * The whole stylesheet, linked when the entry starts (production): the page itself carries only
   * the rules its HTML uses (server/lib/page-css.ts), and the app's code runs once this is in.
   */
  cssAfterHero?: string[];
  nonce: string;
}

export interface RenderResult {
  status: number;
  /** Pipes the HTML into a Node writable stream. */
  pipe(destination: NodeWritable): void;
  abort(): void;
}

/** A Node writable stream, named structurally so the worker's build needs no Node types. */
export interface NodeWritable {
  write(chunk: unknown): boolean;
  end(): unknown;
}

export type Render = (req: RenderRequest) => Promise<RenderResult>;
