// The shared marketplace conformance suite (../conformance.ts) on the Douyin connector against its fake.
import { describeMarketplaceConformance } from '../conformance.js';
import { makeDouyinConformanceSubject } from './douyin.conformance.js';

describeMarketplaceConformance('douyin (Doudian fake)', makeDouyinConformanceSubject);
