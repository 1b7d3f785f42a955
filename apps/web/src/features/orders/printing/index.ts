// The printing part of the orders pages: the print button the order page's tab 2 places.
export { PrintActions } from './components/print-actions';
