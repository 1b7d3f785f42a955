// The shared marketplace conformance suite (../conformance.ts) on the Pinduoduo connector against its fake.
import { describeMarketplaceConformance } from '../conformance.js';
import { makePddConformanceSubject } from './pdd.conformance-subject.js';

describeMarketplaceConformance('pdd (POP fake)', makePddConformanceSubject);
