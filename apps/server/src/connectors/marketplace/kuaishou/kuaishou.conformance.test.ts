// The shared marketplace conformance suite (../conformance.ts) on the Kuaishou connector against its fake.
import { describeMarketplaceConformance } from '../conformance.js';
import { makeKuaishouConformanceSubject } from './kuaishou.conformance.js';

describeMarketplaceConformance('kuaishou (Kuaishou open platform fake)', makeKuaishouConformanceSubject);
