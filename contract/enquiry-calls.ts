import { defineCall } from './api.ts';
import {
  contactParamsSchema,
  enquiryResultSchema,
  exitEnquiryParamsSchema,
  homeEnquiryParamsSchema,
  packageEnquiryParamsSchema,
} from './enquiry.ts';

/** The contact page; multipart (params in the query, the file as the part `File`) when a file is attached. */
export const submitContactUs = defineCall({
  method: 'POST',
  path: 'SubmitContactUs',
  params: contactParamsSchema,
  data: enquiryResultSchema,
});
/** The home page's "get a call back" modal. */
export const saveHomePageEnquiryPopup = defineCall({
  method: 'POST',
  path: 'SaveHomePageEnquiryPopup',
  params: homeEnquiryParamsSchema,
  data: enquiryResultSchema,
});
/** A package enquiry from the detail page. */
export const submitEnquiryForm = defineCall({
  method: 'POST',
  path: 'SubmitEnquiryForm',
  params: packageEnquiryParamsSchema,
  data: enquiryResultSchema,
});
/** The exit-intent popup. */
export const submitExitPageEnquiry = defineCall({
  method: 'POST',
  path: 'SubmitExitPageEnquiry',
  params: exitEnquiryParamsSchema,
  data: enquiryResultSchema,
});
