// An Angular app as a bundler builds it: the package from npm (its `exports`), Angular from the app,
// compiled in the browser (JIT) and without zone.js.
import '@angular/compiler';
import { provideZonelessChangeDetection } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { define } from 'ev-charger-configurator';
import { HostComponent } from './host.component';

define();
void bootstrapApplication(HostComponent, { providers: [provideZonelessChangeDetection()] });
