// What other areas mount of the teaching declarations: academic affairs' dashboard card (declarations by
// state per department of the open period, with the late ones).
export { DeclarationsByDepartmentCard } from './components/department-counts-card';
