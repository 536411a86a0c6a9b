// What the rest of the app uses of the current module: the module pages work in (useCurrentModule, or
// the context itself where a page also works without a provider), the provider the shell puts around
// the pages, and whether the header shows the picker at all. Not the picker itself: it brings Headless
// UI, and every page that imports this file would then load it up front (the header's lazy menus import
// components/module-picker.tsx directly; app/header-actions.tsx says why).
export { CurrentModuleContext, useCurrentModule, type CurrentModuleValue } from './current-module-context';
export { CurrentModuleProvider } from './current-module-provider';
export { showsModulePicker } from './module-choice';
