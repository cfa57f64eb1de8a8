// An Angular component using the elements: Angular needs no declarations of its own, the tag names
// are in HTMLElementTagNameMap and the events in HTMLElementEventMap (checked by tsc --strict).
import { CUSTOM_ELEMENTS_SCHEMA, Component, ElementRef, viewChild } from '@angular/core';
import type { Catalogue, EvChargerConfigurator, EvcEventMap } from 'ev-charger-configurator';

declare const catalogue: Catalogue;

@Component({
  selector: 'app-charger',
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `<ev-charger-configurator #configurator [attr.mode]="mode" [catalog]="catalogue" (evc-change)="onChange($event)"></ev-charger-configurator>`,
})
export class ChargerComponent {
  readonly catalogue: Catalogue | string = catalogue;
  mode: EvChargerConfigurator['mode'] = 'order';
  total = 0;
  readonly configurator = viewChild.required<ElementRef<EvChargerConfigurator>>('configurator');

  onChange(event: EvcEventMap['evc-change']): void {
    this.total = event.detail.totals.total;
  }

  created(): void {
    const element = document.createElement('ev-charger-configurator');
    element.catalog = this.catalogue;
    element.mailSender = async (request) => ({ requestId: request.idempotencyKey });
    element.addEventListener('evc-checkout', (event) => event.detail.checkoutUrl);
    this.configurator().nativeElement.mode = 'spec-request';
    // @ts-expect-error: not one of the modes
    this.configurator().nativeElement.mode = 'nonsense';
    // @ts-expect-error: a catalogue is a URL or a catalogue object
    element.catalog = 42;
    // @ts-expect-error: the checkout event's detail has no requestId
    element.addEventListener('evc-checkout', (event) => event.detail.requestId);
    // @ts-expect-error: the contact element has no mode
    document.createElement('ev-charger-contact').mode = 'order';
  }
}
