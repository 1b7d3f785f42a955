// The waybills part of the orders pages: the button component the order page's tab 2 places.
export { WaybillActions } from './components/waybill-actions';
