/**
 * The WSDLs the stand-in serves (`?WSDL`): WSFEv1 limited to the operations it implements, with
 * the element names and namespace of ARCA's own (http://ar.gov.afip.dif.FEV1/), and WSAA's LoginCms.
 */

const operations = [
  'FEDummy',
  'FECompUltimoAutorizado',
  'FECAESolicitar',
  'FECompConsultar',
  'FEParamGetCondicionIvaReceptor',
] as const;

const el = (name: string, type: string, min = 0, max: string | number = 1) =>
  `<s:element minOccurs="${min}" maxOccurs="${max}" name="${name}" type="${type}"/>`;
const complex = (name: string, fields: string[]) =>
  `<s:complexType name="${name}"><s:sequence>${fields.join('')}</s:sequence></s:complexType>`;

const types = [
  complex('FEAuthRequest', [el('Token', 's:string'), el('Sign', 's:string'), el('Cuit', 's:long', 1)]),
  complex('Err', [el('Code', 's:int', 1), el('Msg', 's:string')]),
  complex('ArrayOfErr', [el('Err', 'tns:Err', 0, 'unbounded')]),
  complex('Obs', [el('Code', 's:int', 1), el('Msg', 's:string')]),
  complex('ArrayOfObs', [el('Obs', 'tns:Obs', 0, 'unbounded')]),
  complex('AlicIva', [el('Id', 's:int', 1), el('BaseImp', 's:double', 1), el('Importe', 's:double', 1)]),
  complex('ArrayOfAlicIva', [el('AlicIva', 'tns:AlicIva', 0, 'unbounded')]),
  complex('CbteAsoc', [
    el('Tipo', 's:int', 1),
    el('PtoVta', 's:int', 1),
    el('Nro', 's:long', 1),
    el('Cuit', 's:string'),
    el('CbteFch', 's:string'),
  ]),
  complex('ArrayOfCbteAsoc', [el('CbteAsoc', 'tns:CbteAsoc', 0, 'unbounded')]),
  complex('FECabRequest', [el('CantReg', 's:int', 1), el('PtoVta', 's:int', 1), el('CbteTipo', 's:int', 1)]),
  complex('FECAEDetRequest', [
    el('Concepto', 's:int', 1),
    el('DocTipo', 's:int', 1),
    el('DocNro', 's:long', 1),
    el('CbteDesde', 's:long', 1),
    el('CbteHasta', 's:long', 1),
    el('CbteFch', 's:string'),
    el('ImpTotal', 's:double', 1),
    el('ImpTotConc', 's:double', 1),
    el('ImpNeto', 's:double', 1),
    el('ImpOpEx', 's:double', 1),
    el('ImpTrib', 's:double', 1),
    el('ImpIVA', 's:double', 1),
    el('FchServDesde', 's:string'),
    el('FchServHasta', 's:string'),
    el('FchVtoPago', 's:string'),
    el('MonId', 's:string'),
    el('MonCotiz', 's:double', 1),
    el('CondicionIVAReceptorId', 's:int'),
    el('CbtesAsoc', 'tns:ArrayOfCbteAsoc'),
    el('Iva', 'tns:ArrayOfAlicIva'),
  ]),
  complex('ArrayOfFECAEDetRequest', [el('FECAEDetRequest', 'tns:FECAEDetRequest', 0, 'unbounded')]),
  complex('FECAERequest', [el('FeCabReq', 'tns:FECabRequest'), el('FeDetReq', 'tns:ArrayOfFECAEDetRequest')]),
  complex('FECAEDetResponse', [
    el('Concepto', 's:int', 1),
    el('DocTipo', 's:int', 1),
    el('DocNro', 's:long', 1),
    el('CbteDesde', 's:long', 1),
    el('CbteHasta', 's:long', 1),
    el('CbteFch', 's:string'),
    el('Resultado', 's:string'),
    el('Observaciones', 'tns:ArrayOfObs'),
    el('CAE', 's:string'),
    el('CAEFchVto', 's:string'),
  ]),
  complex('ArrayOfFECAEDetResponse', [el('FECAEDetResponse', 'tns:FECAEDetResponse', 0, 'unbounded')]),
  complex('FECabResponse', [
    el('Cuit', 's:long', 1),
    el('PtoVta', 's:int', 1),
    el('CbteTipo', 's:int', 1),
    el('FchProceso', 's:string'),
    el('CantReg', 's:int', 1),
    el('Resultado', 's:string'),
    el('Reproceso', 's:string'),
  ]),
  complex('FECAEResponse', [
    el('FeCabResp', 'tns:FECabResponse'),
    el('FeDetResp', 'tns:ArrayOfFECAEDetResponse'),
    el('Errors', 'tns:ArrayOfErr'),
  ]),
  complex('FERecuperaLastCbteResponse', [
    el('PtoVta', 's:int', 1),
    el('CbteTipo', 's:int', 1),
    el('CbteNro', 's:int', 1),
    el('Errors', 'tns:ArrayOfErr'),
  ]),
  complex('FECompConsultaReq', [
    el('CbteTipo', 's:int', 1),
    el('CbteNro', 's:long', 1),
    el('PtoVta', 's:int', 1),
  ]),
  complex('FECompConsResponse', [
    el('Concepto', 's:int', 1),
    el('DocTipo', 's:int', 1),
    el('DocNro', 's:long', 1),
    el('CbteDesde', 's:long', 1),
    el('CbteHasta', 's:long', 1),
    el('CbteFch', 's:string'),
    el('ImpTotal', 's:double', 1),
    el('ImpTotConc', 's:double', 1),
    el('ImpNeto', 's:double', 1),
    el('ImpOpEx', 's:double', 1),
    el('ImpTrib', 's:double', 1),
    el('ImpIVA', 's:double', 1),
    el('MonId', 's:string'),
    el('MonCotiz', 's:double', 1),
    el('CondicionIVAReceptorId', 's:int'),
    el('CbtesAsoc', 'tns:ArrayOfCbteAsoc'),
    el('Iva', 'tns:ArrayOfAlicIva'),
    el('Resultado', 's:string'),
    el('CodAutorizacion', 's:string'),
    el('EmisionTipo', 's:string'),
    el('FchVto', 's:string'),
    el('FchProceso', 's:string'),
    el('PtoVta', 's:int', 1),
    el('CbteTipo', 's:int', 1),
  ]),
  complex('FECompConsultaResponse', [
    el('ResultGet', 'tns:FECompConsResponse'),
    el('Errors', 'tns:ArrayOfErr'),
  ]),
  complex('CondicionIvaReceptor', [
    el('Id', 's:int', 1),
    el('Desc', 's:string'),
    el('Cmp_Clase', 's:string'),
  ]),
  complex('ArrayOfCondicionIvaReceptor', [
    el('CondicionIvaReceptor', 'tns:CondicionIvaReceptor', 0, 'unbounded'),
  ]),
  complex('CondicionIvaReceptorResponse', [
    el('ResultGet', 'tns:ArrayOfCondicionIvaReceptor'),
    el('Errors', 'tns:ArrayOfErr'),
  ]),
  complex('DummyResponse', [
    el('AppServer', 's:string'),
    el('DbServer', 's:string'),
    el('AuthServer', 's:string'),
  ]),
];

const requestFields: Record<(typeof operations)[number], string[]> = {
  FEDummy: [],
  FECompUltimoAutorizado: [
    el('Auth', 'tns:FEAuthRequest'),
    el('PtoVta', 's:int', 1),
    el('CbteTipo', 's:int', 1),
  ],
  FECAESolicitar: [el('Auth', 'tns:FEAuthRequest'), el('FeCAEReq', 'tns:FECAERequest')],
  FECompConsultar: [el('Auth', 'tns:FEAuthRequest'), el('FeCompConsReq', 'tns:FECompConsultaReq')],
  FEParamGetCondicionIvaReceptor: [el('Auth', 'tns:FEAuthRequest'), el('ClaseCmp', 's:string')],
};
const resultType: Record<(typeof operations)[number], string> = {
  FEDummy: 'tns:DummyResponse',
  FECompUltimoAutorizado: 'tns:FERecuperaLastCbteResponse',
  FECAESolicitar: 'tns:FECAEResponse',
  FECompConsultar: 'tns:FECompConsultaResponse',
  FEParamGetCondicionIvaReceptor: 'tns:CondicionIvaReceptorResponse',
};

export function wsfeWsdl(location: string): string {
  const elements = operations
    .map(
      (op) =>
        `<s:element name="${op}"><s:complexType><s:sequence>${requestFields[op].join('')}</s:sequence></s:complexType></s:element>` +
        `<s:element name="${op}Response"><s:complexType><s:sequence>${el(`${op}Result`, resultType[op])}</s:sequence></s:complexType></s:element>`,
    )
    .join('');
  const messages = operations
    .map(
      (op) =>
        `<wsdl:message name="${op}SoapIn"><wsdl:part name="parameters" element="tns:${op}"/></wsdl:message>` +
        `<wsdl:message name="${op}SoapOut"><wsdl:part name="parameters" element="tns:${op}Response"/></wsdl:message>`,
    )
    .join('');
  const portOps = operations
    .map(
      (op) =>
        `<wsdl:operation name="${op}"><wsdl:input message="tns:${op}SoapIn"/><wsdl:output message="tns:${op}SoapOut"/></wsdl:operation>`,
    )
    .join('');
  const bindingOps = operations
    .map(
      (op) =>
        `<wsdl:operation name="${op}"><soap:operation soapAction="http://ar.gov.afip.dif.FEV1/${op}" style="document"/><wsdl:input><soap:body use="literal"/></wsdl:input><wsdl:output><soap:body use="literal"/></wsdl:output></wsdl:operation>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="utf-8"?>
<wsdl:definitions xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:s="http://www.w3.org/2001/XMLSchema" xmlns:tns="http://ar.gov.afip.dif.FEV1/" xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" targetNamespace="http://ar.gov.afip.dif.FEV1/">
<wsdl:types><s:schema elementFormDefault="qualified" targetNamespace="http://ar.gov.afip.dif.FEV1/">${elements}${types.join('')}</s:schema></wsdl:types>
${messages}
<wsdl:portType name="ServiceSoap">${portOps}</wsdl:portType>
<wsdl:binding name="ServiceSoap" type="tns:ServiceSoap"><soap:binding transport="http://schemas.xmlsoap.org/soap/http"/>${bindingOps}</wsdl:binding>
<wsdl:service name="Service"><wsdl:port name="ServiceSoap" binding="tns:ServiceSoap"><soap:address location="${location}"/></wsdl:port></wsdl:service>
</wsdl:definitions>`;
}

export function wsaaWsdl(location: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<wsdl:definitions targetNamespace="http://wsaa.view.sua.dvadac.desein.afip.gov" xmlns:impl="http://wsaa.view.sua.dvadac.desein.afip.gov" xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" xmlns:wsdlsoap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:xsd="http://www.w3.org/2001/XMLSchema">
<wsdl:types><schema elementFormDefault="qualified" targetNamespace="http://wsaa.view.sua.dvadac.desein.afip.gov" xmlns="http://www.w3.org/2001/XMLSchema">
<element name="loginCms"><complexType><sequence><element name="in0" type="xsd:string"/></sequence></complexType></element>
<element name="loginCmsResponse"><complexType><sequence><element name="loginCmsReturn" type="xsd:string"/></sequence></complexType></element>
</schema></wsdl:types>
<wsdl:message name="loginCmsRequest"><wsdl:part element="impl:loginCms" name="parameters"/></wsdl:message>
<wsdl:message name="loginCmsResponse"><wsdl:part element="impl:loginCmsResponse" name="parameters"/></wsdl:message>
<wsdl:portType name="LoginCMS"><wsdl:operation name="loginCms"><wsdl:input message="impl:loginCmsRequest" name="loginCmsRequest"/><wsdl:output message="impl:loginCmsResponse" name="loginCmsResponse"/></wsdl:operation></wsdl:portType>
<wsdl:binding name="LoginCmsSoapBinding" type="impl:LoginCMS"><wsdlsoap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/><wsdl:operation name="loginCms"><wsdlsoap:operation soapAction=""/><wsdl:input name="loginCmsRequest"><wsdlsoap:body use="literal"/></wsdl:input><wsdl:output name="loginCmsResponse"><wsdlsoap:body use="literal"/></wsdl:output></wsdl:operation></wsdl:binding>
<wsdl:service name="LoginCMSService"><wsdl:port binding="impl:LoginCmsSoapBinding" name="LoginCms"><wsdlsoap:address location="${location}"/></wsdl:port></wsdl:service>
</wsdl:definitions>`;
}
