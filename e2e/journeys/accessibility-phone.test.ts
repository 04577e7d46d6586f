// The accessibility audit of every page on a phone (390 px), in both themes (the audit itself: accessibility.ts).
import { PHONE } from '../browser.ts';
import { auditEveryPage } from './accessibility.ts';

auditEveryPage(PHONE);
