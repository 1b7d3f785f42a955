// The shared marketplace conformance suite (../conformance.ts) on the JD connector against its fake.
import { describeMarketplaceConformance } from '../conformance.js';
import { makeJdConformanceSubject } from './jd.conformance.js';

describeMarketplaceConformance('jd (JOS fake)', makeJdConformanceSubject);
