// What the forms area's pages mount of the kinds: admin's editor (the "Loại đơn" tab).
export { FormKindsAdmin } from './components/kinds-admin';
