// What the rest of the app uses of the current module: the module pages work in (useCurrentModule, or
// the context itself where a page also works without a provider), the provider and picker the shell
// shows, and whether the header shows the picker at all.
export { CurrentModuleContext, useCurrentModule, type CurrentModuleValue } from './current-module-context';
export { CurrentModuleProvider } from './current-module-provider';
export { ModulePicker } from './components/module-picker';
export { showsModulePicker } from './module-choice';
