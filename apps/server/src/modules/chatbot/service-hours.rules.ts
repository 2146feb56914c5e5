// The service-hour rules live in platform/service-hours.ts, shared with SLA policies (modules/sla).
export { closedSince, isWithinHours, vacationAt, type Vacation } from '../../platform/service-hours.ts';
