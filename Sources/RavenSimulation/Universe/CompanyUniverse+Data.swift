import RavenMarketData

extension CompanyUniverse {
  /// One company per line: symbol|name|exchange|industry|ipo|weburl|sharesOutstandingMillions|referencePrice
  /// Public facts about real companies (approximate shares outstanding and a typical
  /// early-2024 share price, used only to give simulated prices a plausible level).
  static let rows = """
    A|Agilent Technologies Inc|NEW YORK STOCK EXCHANGE, INC.|Life Sciences Tools & Services|1999-11-18|https://www.agilent.com/|293.00|138.00
    AA|Alcoa Corp|NEW YORK STOCK EXCHANGE, INC.|Metals & Mining|2016-11-01|https://www.alcoa.com/|180.00|32.00
    AAL|American Airlines Group Inc|NASDAQ NMS - GLOBAL MARKET|Airlines|2013-12-09|https://www.aa.com/|655.00|14.00
    AAPL|Apple Inc|NASDAQ NMS - GLOBAL MARKET|Technology|1980-12-12|https://www.apple.com/|15204.14|185.00
    ABBV|AbbVie Inc|NEW YORK STOCK EXCHANGE, INC.|Pharmaceuticals|2013-01-02|https://www.abbvie.com/|1767.00|160.00
    ABNB|Airbnb Inc|NASDAQ NMS - GLOBAL MARKET|Hotels, Restaurants & Leisure|2020-12-10|https://www.airbnb.com/|640.00|140.00
    ABT|Abbott Laboratories|NEW YORK STOCK EXCHANGE, INC.|Health Care|1929-03-01|https://www.abbott.com/|1735.00|112.00
    ACI|Albertsons Companies Inc|NEW YORK STOCK EXCHANGE, INC.|Retail|2020-06-26|https://www.albertsonscompanies.com/|578.00|22.50
    ACM|AECOM|NEW YORK STOCK EXCHANGE, INC.|Construction|2007-05-10|https://aecom.com/|136.00|92.00
    ACN|Accenture PLC|NEW YORK STOCK EXCHANGE, INC.|Technology|2001-07-19|https://www.accenture.com/|627.00|350.00
    ADBE|Adobe Inc|NASDAQ NMS - GLOBAL MARKET|Technology|1986-08-13|https://www.adobe.com/|448.00|595.00
    ADI|Analog Devices Inc|NASDAQ NMS - GLOBAL MARKET|Semiconductors|1979-10-01|https://www.analog.com/|496.00|195.00
    ADM|Archer-Daniels-Midland Co|NEW YORK STOCK EXCHANGE, INC.|Food Products|1924-11-04|https://www.adm.com/|530.00|72.00
    ADP|Automatic Data Processing Inc|NASDAQ NMS - GLOBAL MARKET|Professional Services|1961-09-01|https://www.adp.com/|410.00|235.00
    ADSK|Autodesk Inc|NASDAQ NMS - GLOBAL MARKET|Technology|1985-06-28|https://www.autodesk.com/|214.00|245.00
    AEP|American Electric Power Co Inc|NASDAQ NMS - GLOBAL MARKET|Utilities|1949-01-03|https://www.aep.com/|526.00|81.00
    AFL|Aflac Inc|NEW YORK STOCK EXCHANGE, INC.|Insurance|1974-01-02|https://www.aflac.com/|575.00|83.00
    AFRM|Affirm Holdings Inc|NASDAQ NMS - GLOBAL MARKET|Financial Services|2021-01-13|https://www.affirm.com/|310.00|47.00
    AIG|American International Group Inc|NEW YORK STOCK EXCHANGE, INC.|Insurance|1984-10-10|https://www.aig.com/|690.00|68.00
    AJG|Arthur J Gallagher & Co|NEW YORK STOCK EXCHANGE, INC.|Insurance|1984-06-01|https://www.ajg.com/|218.00|230.00
    AKAM|Akamai Technologies Inc|NASDAQ NMS - GLOBAL MARKET|Technology|1999-10-29|https://www.akamai.com/|151.00|118.00
    ALB|Albemarle Corp|NEW YORK STOCK EXCHANGE, INC.|Chemicals|1994-02-28|https://www.albemarle.com/|117.00|130.00
    ALGN|Align Technology Inc|NASDAQ NMS - GLOBAL MARKET|Health Care|2001-01-26|https://www.aligntech.com/|75.00|270.00
    ALK|Alaska Air Group Inc|NEW YORK STOCK EXCHANGE, INC.|Airlines|1985-04-01|https://www.alaskaair.com/|127.00|39.00
    ALL|Allstate Corp|NEW YORK STOCK EXCHANGE, INC.|Insurance|1993-06-03|https://www.allstate.com/|262.00|142.00
    ALLY|Ally Financial Inc|NEW YORK STOCK EXCHANGE, INC.|Financial Services|2014-04-10|https://www.ally.com/|303.00|35.00
    ALNY|Alnylam Pharmaceuticals Inc|NASDAQ NMS - GLOBAL MARKET|Biotechnology|2004-05-28|https://www.alnylam.com/|126.00|185.00
    ALV|Autoliv Inc|NEW YORK STOCK EXCHANGE, INC.|Automobiles|1997-12-01|https://www.autoliv.com/|81.00|108.00
    AMAT|Applied Materials Inc|NASDAQ NMS - GLOBAL MARKET|Semiconductors|1972-10-11|https://www.appliedmaterials.com/|830.00|160.00
    AMC|AMC Entertainment Holdings Inc|NEW YORK STOCK EXCHANGE, INC.|Media|2013-12-18|https://www.amctheatres.com/|260.00|5.50
    AMD|Advanced Micro Devices Inc|NASDAQ NMS - GLOBAL MARKET|Semiconductors|1972-09-27|https://www.amd.com/|1615.00|145.00
    AME|AMETEK Inc|NEW YORK STOCK EXCHANGE, INC.|Electrical Equipment|1930-01-02|https://www.ametek.com/|231.00|163.00
    AMGN|Amgen Inc|NASDAQ NMS - GLOBAL MARKET|Biotechnology|1983-06-17|https://www.amgen.com/|535.00|290.00
    AMP|Ameriprise Financial Inc|NEW YORK STOCK EXCHANGE, INC.|Financial Services|2005-09-30|https://www.ameriprise.com/|100.00|380.00
    AMT|American Tower Corp|NEW YORK STOCK EXCHANGE, INC.|Real Estate|1998-02-27|https://www.americantower.com/|467.00|210.00
    AMZN|Amazon.com Inc|NASDAQ NMS - GLOBAL MARKET|Retail|1997-05-15|https://www.amazon.com/|10390.00|152.00
    ANET|Arista Networks Inc|NEW YORK STOCK EXCHANGE, INC.|Communications|2014-06-06|https://www.arista.com/|1255.00|60.00
    AON|Aon PLC|NEW YORK STOCK EXCHANGE, INC.|Insurance|1980-01-02|https://www.aon.com/|198.00|295.00
    APA|APA Corp|NASDAQ NMS - GLOBAL MARKET|Energy|1969-01-02|https://www.apacorp.com/|300.00|35.00
    APD|Air Products and Chemicals Inc|NEW YORK STOCK EXCHANGE, INC.|Chemicals|1961-01-03|https://www.airproducts.com/|222.00|270.00
    APH|Amphenol Corp|NEW YORK STOCK EXCHANGE, INC.|Electrical Equipment|1991-11-08|https://www.amphenol.com/|1200.00|50.00
    APO|Apollo Global Management Inc|NEW YORK STOCK EXCHANGE, INC.|Financial Services|2011-03-29|https://www.apollo.com/|568.00|95.00
    APP|AppLovin Corp|NASDAQ NMS - GLOBAL MARKET|Technology|2021-04-15|https://www.applovin.com/|335.00|40.00
    APTV|Aptiv PLC|NEW YORK STOCK EXCHANGE, INC.|Automobiles|2011-11-17|https://www.aptiv.com/|280.00|88.00
    ARM|Arm Holdings PLC|NASDAQ NMS - GLOBAL MARKET|Semiconductors|2023-09-14|https://www.arm.com/|1025.00|72.00
    AVB|AvalonBay Communities Inc|NEW YORK STOCK EXCHANGE, INC.|Real Estate|1993-11-18|https://www.avalonbay.com/|142.00|185.00
    AVGO|Broadcom Inc|NASDAQ NMS - GLOBAL MARKET|Semiconductors|2009-08-06|https://www.broadcom.com/|4650.00|110.00
    AVY|Avery Dennison Corp|NEW YORK STOCK EXCHANGE, INC.|Packaging|1961-01-03|https://www.averydennison.com/|80.00|200.00
    AWK|American Water Works Co Inc|NEW YORK STOCK EXCHANGE, INC.|Utilities|2008-04-23|https://www.amwater.com/|195.00|130.00
    AXON|Axon Enterprise Inc|NASDAQ NMS - GLOBAL MARKET|Aerospace & Defense|2001-05-08|https://www.axon.com/|75.00|255.00
    AXP|American Express Co|NEW YORK STOCK EXCHANGE, INC.|Financial Services|1977-05-18|https://www.americanexpress.com/|722.00|188.00
    AZO|AutoZone Inc|NEW YORK STOCK EXCHANGE, INC.|Retail|1991-04-02|https://www.autozone.com/|17.20|2600.00
    BA|Boeing Co|NEW YORK STOCK EXCHANGE, INC.|Aerospace & Defense|1962-01-02|https://www.boeing.com/|605.00|250.00
    BAC|Bank of America Corp|NEW YORK STOCK EXCHANGE, INC.|Banking|1978-01-13|https://www.bankofamerica.com/|7900.00|33.50
    BAH|Booz Allen Hamilton Holding Corp|NEW YORK STOCK EXCHANGE, INC.|Professional Services|2010-11-17|https://www.boozallen.com/|130.00|130.00
    BALL|Ball Corp|NEW YORK STOCK EXCHANGE, INC.|Packaging|1972-01-03|https://www.ball.com/|315.00|56.00
    BAX|Baxter International Inc|NEW YORK STOCK EXCHANGE, INC.|Health Care|1951-01-02|https://www.baxter.com/|507.00|39.00
    BBY|Best Buy Co Inc|NEW YORK STOCK EXCHANGE, INC.|Retail|1985-04-19|https://www.bestbuy.com/|216.00|78.00
    BC|Brunswick Corp|NEW YORK STOCK EXCHANGE, INC.|Leisure Products|1925-01-02|https://www.brunswick.com/|69.00|94.00
    BDX|Becton Dickinson and Co|NEW YORK STOCK EXCHANGE, INC.|Health Care|1962-01-02|https://www.bd.com/|290.00|240.00
    BF.B|Brown-Forman Corp|NEW YORK STOCK EXCHANGE, INC.|Beverages|1933-12-01|https://www.brown-forman.com/|300.00|56.00
    BFAM|Bright Horizons Family Solutions Inc|NEW YORK STOCK EXCHANGE, INC.|Diversified Consumer Services|2013-01-25|https://www.brighthorizons.com/|58.00|95.00
    BG|Bunge Global SA|NEW YORK STOCK EXCHANGE, INC.|Food Products|2001-08-02|https://www.bunge.com/|150.00|100.00
    BIIB|Biogen Inc|NASDAQ NMS - GLOBAL MARKET|Biotechnology|1983-06-22|https://www.biogen.com/|145.00|250.00
    BK|Bank of New York Mellon Corp|NEW YORK STOCK EXCHANGE, INC.|Banking|1984-01-03|https://www.bny.com/|765.00|52.00
    BKNG|Booking Holdings Inc|NASDAQ NMS - GLOBAL MARKET|Hotels, Restaurants & Leisure|1999-03-30|https://www.bookingholdings.com/|34.00|3550.00
    BKR|Baker Hughes Co|NASDAQ NMS - GLOBAL MARKET|Energy|2017-07-05|https://www.bakerhughes.com/|1000.00|34.00
    BLDR|Builders FirstSource Inc|NEW YORK STOCK EXCHANGE, INC.|Building|2005-06-22|https://www.bldr.com/|122.00|167.00
    BLK|BlackRock Inc|NEW YORK STOCK EXCHANGE, INC.|Financial Services|1999-10-01|https://www.blackrock.com/|148.00|805.00
    BMRN|BioMarin Pharmaceutical Inc|NASDAQ NMS - GLOBAL MARKET|Biotechnology|1999-07-23|https://www.biomarin.com/|189.00|92.00
    BMY|Bristol-Myers Squibb Co|NEW YORK STOCK EXCHANGE, INC.|Pharmaceuticals|1929-12-27|https://www.bms.com/|2025.00|50.00
    BR|Broadridge Financial Solutions Inc|NEW YORK STOCK EXCHANGE, INC.|Professional Services|2007-03-30|https://www.broadridge.com/|118.00|205.00
    BRK.B|Berkshire Hathaway Inc|NEW YORK STOCK EXCHANGE, INC.|Financial Services|1996-05-09|https://www.berkshirehathaway.com/|1300.00|360.00
    BSX|Boston Scientific Corp|NEW YORK STOCK EXCHANGE, INC.|Health Care|1992-05-19|https://www.bostonscientific.com/|1465.00|60.00
    BWA|BorgWarner Inc|NEW YORK STOCK EXCHANGE, INC.|Automobiles|1993-08-13|https://www.borgwarner.com/|230.00|34.00
    BX|Blackstone Inc|NEW YORK STOCK EXCHANGE, INC.|Financial Services|2007-06-22|https://www.blackstone.com/|715.00|128.00
    C|Citigroup Inc|NEW YORK STOCK EXCHANGE, INC.|Banking|1986-10-28|https://www.citigroup.com/|1910.00|52.00
    CAG|Conagra Brands Inc|NEW YORK STOCK EXCHANGE, INC.|Food Products|1976-06-01|https://www.conagrabrands.com/|478.00|28.50
    CAH|Cardinal Health Inc|NEW YORK STOCK EXCHANGE, INC.|Health Care|1983-08-01|https://www.cardinalhealth.com/|245.00|105.00
    CARR|Carrier Global Corp|NEW YORK STOCK EXCHANGE, INC.|Building|2020-04-03|https://www.corporate.carrier.com/|880.00|57.00
    CAT|Caterpillar Inc|NEW YORK STOCK EXCHANGE, INC.|Machinery|1929-12-02|https://www.caterpillar.com/|500.00|290.00
    CAVA|CAVA Group Inc|NEW YORK STOCK EXCHANGE, INC.|Hotels, Restaurants & Leisure|2023-06-15|https://cava.com/|114.00|43.00
    CB|Chubb Ltd|NEW YORK STOCK EXCHANGE, INC.|Insurance|1993-03-25|https://www.chubb.com/|406.00|228.00
    CBRE|CBRE Group Inc|NEW YORK STOCK EXCHANGE, INC.|Real Estate|2004-06-10|https://www.cbre.com/|305.00|90.00
    CCI|Crown Castle Inc|NEW YORK STOCK EXCHANGE, INC.|Real Estate|1998-08-18|https://www.crowncastle.com/|434.00|113.00
    CCK|Crown Holdings Inc|NEW YORK STOCK EXCHANGE, INC.|Packaging|1990-01-02|https://www.crowncork.com/|120.00|90.00
    CCL|Carnival Corp|NEW YORK STOCK EXCHANGE, INC.|Hotels, Restaurants & Leisure|1987-07-22|https://www.carnivalcorp.com/|1125.00|18.50
    CDNS|Cadence Design Systems Inc|NASDAQ NMS - GLOBAL MARKET|Technology|1987-06-10|https://www.cadence.com/|272.00|275.00
    CEG|Constellation Energy Corp|NASDAQ NMS - GLOBAL MARKET|Utilities|2022-02-02|https://www.constellationenergy.com/|318.00|120.00
    CELH|Celsius Holdings Inc|NASDAQ NMS - GLOBAL MARKET|Beverages|2017-06-01|https://www.celsiusholdings.com/|232.00|52.00
    CF|CF Industries Holdings Inc|NEW YORK STOCK EXCHANGE, INC.|Chemicals|2005-08-11|https://www.cfindustries.com/|188.00|78.00
    CFG|Citizens Financial Group Inc|NEW YORK STOCK EXCHANGE, INC.|Banking|2014-09-24|https://www.citizensbank.com/|470.00|33.00
    CHD|Church & Dwight Co Inc|NEW YORK STOCK EXCHANGE, INC.|Consumer products|1976-06-01|https://www.churchdwight.com/|246.00|95.00
    CHRW|C H Robinson Worldwide Inc|NASDAQ NMS - GLOBAL MARKET|Logistics & Transportation|1997-10-15|https://www.chrobinson.com/|117.00|86.00
    CHTR|Charter Communications Inc|NASDAQ NMS - GLOBAL MARKET|Telecommunication|2010-09-14|https://www.charter.com/|150.00|380.00
    CHWY|Chewy Inc|NEW YORK STOCK EXCHANGE, INC.|Retail|2019-06-14|https://www.chewy.com/|430.00|20.00
    CI|Cigna Group|NEW YORK STOCK EXCHANGE, INC.|Health Care|1982-04-01|https://www.thecignagroup.com/|290.00|305.00
    CIEN|Ciena Corp|NEW YORK STOCK EXCHANGE, INC.|Communications|1997-02-07|https://www.ciena.com/|145.00|46.00
    CL|Colgate-Palmolive Co|NEW YORK STOCK EXCHANGE, INC.|Consumer products|1930-01-02|https://www.colgatepalmolive.com/|823.00|80.00
    CLF|Cleveland-Cliffs Inc|NEW YORK STOCK EXCHANGE, INC.|Metals & Mining|1961-01-03|https://www.clevelandcliffs.com/|495.00|20.00
    CLX|Clorox Co|NEW YORK STOCK EXCHANGE, INC.|Consumer products|1968-01-02|https://www.thecloroxcompany.com/|124.00|143.00
    CMCSA|Comcast Corp|NASDAQ NMS - GLOBAL MARKET|Media|1972-06-29|https://corporate.comcast.com/|3970.00|44.00
    CME|CME Group Inc|NASDAQ NMS - GLOBAL MARKET|Financial Services|2002-12-06|https://www.cmegroup.com/|360.00|208.00
    CMG|Chipotle Mexican Grill Inc|NEW YORK STOCK EXCHANGE, INC.|Hotels, Restaurants & Leisure|2006-01-26|https://www.chipotle.com/|1370.00|46.00
    CMI|Cummins Inc|NEW YORK STOCK EXCHANGE, INC.|Machinery|1947-01-02|https://www.cummins.com/|137.00|240.00
    CNC|Centene Corp|NEW YORK STOCK EXCHANGE, INC.|Health Care|2001-12-13|https://www.centene.com/|530.00|75.00
    COF|Capital One Financial Corp|NEW YORK STOCK EXCHANGE, INC.|Banking|1994-11-16|https://www.capitalone.com/|380.00|130.00
    COIN|Coinbase Global Inc|NASDAQ NMS - GLOBAL MARKET|Financial Services|2021-04-14|https://www.coinbase.com/|240.00|150.00
    COP|ConocoPhillips|NEW YORK STOCK EXCHANGE, INC.|Energy|2002-08-30|https://www.conocophillips.com/|1180.00|115.00
    COR|Cencora Inc|NEW YORK STOCK EXCHANGE, INC.|Health Care|1995-04-04|https://www.cencora.com/|200.00|210.00
    COST|Costco Wholesale Corp|NASDAQ NMS - GLOBAL MARKET|Retail|1985-12-05|https://www.costco.com/|443.00|665.00
    COTY|Coty Inc|NEW YORK STOCK EXCHANGE, INC.|Consumer products|2013-06-13|https://www.coty.com/|870.00|12.50
    CPRT|Copart Inc|NASDAQ NMS - GLOBAL MARKET|Commercial Services & Supplies|1994-03-17|https://www.copart.com/|960.00|49.00
    CRCL|Circle Internet Group Inc|NEW YORK STOCK EXCHANGE, INC.|Financial Services|2025-06-05|https://www.circle.com/|230.00|31.00
    CRM|Salesforce Inc|NEW YORK STOCK EXCHANGE, INC.|Technology|2004-06-23|https://www.salesforce.com/|968.00|265.00
    CROX|Crocs Inc|NASDAQ NMS - GLOBAL MARKET|Textiles, Apparel & Luxury Goods|2006-02-08|https://www.crocs.com/|60.00|95.00
    CRWD|CrowdStrike Holdings Inc|NASDAQ NMS - GLOBAL MARKET|Technology|2019-06-12|https://www.crowdstrike.com/|242.00|270.00
    CRWV|CoreWeave Inc|NASDAQ NMS - GLOBAL MARKET|Technology|2025-03-28|https://www.coreweave.com/|480.00|40.00
    CSCO|Cisco Systems Inc|NASDAQ NMS - GLOBAL MARKET|Communications|1990-02-16|https://www.cisco.com/|4050.00|50.00
    CSL|Carlisle Companies Inc|NEW YORK STOCK EXCHANGE, INC.|Industrial Conglomerates|1960-01-04|https://www.carlisle.com/|48.00|310.00
    CSX|CSX Corp|NASDAQ NMS - GLOBAL MARKET|Road & Rail|1980-11-03|https://www.csx.com/|1960.00|35.00
    CTAS|Cintas Corp|NASDAQ NMS - GLOBAL MARKET|Commercial Services & Supplies|1983-08-19|https://www.cintas.com/|404.00|150.00
    CTRA|Coterra Energy Inc|NEW YORK STOCK EXCHANGE, INC.|Energy|1990-02-09|https://www.coterra.com/|750.00|25.00
    CTSH|Cognizant Technology Solutions Corp|NASDAQ NMS - GLOBAL MARKET|Technology|1998-06-19|https://www.cognizant.com/|498.00|76.00
    CTVA|Corteva Inc|NEW YORK STOCK EXCHANGE, INC.|Chemicals|2019-06-03|https://www.corteva.com/|700.00|47.00
    CVNA|Carvana Co|NEW YORK STOCK EXCHANGE, INC.|Retail|2017-04-28|https://www.carvana.com/|120.00|50.00
    CVS|CVS Health Corp|NEW YORK STOCK EXCHANGE, INC.|Health Care|1996-11-01|https://www.cvshealth.com/|1260.00|75.00
    CVX|Chevron Corp|NEW YORK STOCK EXCHANGE, INC.|Energy|1921-06-24|https://www.chevron.com/|1870.00|148.00
    D|Dominion Energy Inc|NEW YORK STOCK EXCHANGE, INC.|Utilities|1983-05-19|https://www.dominionenergy.com/|837.00|46.00
    DAL|Delta Air Lines Inc|NEW YORK STOCK EXCHANGE, INC.|Airlines|2007-05-03|https://www.delta.com/|645.00|40.00
    DASH|DoorDash Inc|NASDAQ NMS - GLOBAL MARKET|Technology|2020-12-09|https://www.doordash.com/|400.00|100.00
    DDOG|Datadog Inc|NASDAQ NMS - GLOBAL MARKET|Technology|2019-09-19|https://www.datadoghq.com/|333.00|125.00
    DE|Deere & Co|NEW YORK STOCK EXCHANGE, INC.|Machinery|1933-06-01|https://www.deere.com/|280.00|395.00
    DECK|Deckers Outdoor Corp|NEW YORK STOCK EXCHANGE, INC.|Textiles, Apparel & Luxury Goods|1993-10-15|https://www.deckers.com/|153.00|115.00
    DELL|Dell Technologies Inc|NEW YORK STOCK EXCHANGE, INC.|Technology|2018-12-28|https://www.dell.com/|700.00|78.00
    DG|Dollar General Corp|NEW YORK STOCK EXCHANGE, INC.|Retail|2009-11-13|https://www.dollargeneral.com/|220.00|135.00
    DGX|Quest Diagnostics Inc|NEW YORK STOCK EXCHANGE, INC.|Health Care|1996-12-31|https://www.questdiagnostics.com/|111.00|137.00
    DHI|D R Horton Inc|NEW YORK STOCK EXCHANGE, INC.|Building|1992-06-05|https://www.drhorton.com/|330.00|150.00
    DHR|Danaher Corp|NEW YORK STOCK EXCHANGE, INC.|Life Sciences Tools & Services|1978-12-01|https://www.danaher.com/|740.00|235.00
    DIS|Walt Disney Co|NEW YORK STOCK EXCHANGE, INC.|Media|1957-11-12|https://thewaltdisneycompany.com/|1830.00|92.00
    DKNG|DraftKings Inc|NASDAQ NMS - GLOBAL MARKET|Hotels, Restaurants & Leisure|2020-04-24|https://www.draftkings.com/|480.00|36.00
    DKS|Dick's Sporting Goods Inc|NEW YORK STOCK EXCHANGE, INC.|Retail|2002-10-16|https://www.dickssportinggoods.com/|82.00|150.00
    DLR|Digital Realty Trust Inc|NEW YORK STOCK EXCHANGE, INC.|Real Estate|2004-11-03|https://www.digitalrealty.com/|312.00|135.00
    DLTR|Dollar Tree Inc|NASDAQ NMS - GLOBAL MARKET|Retail|1995-03-06|https://www.dollartree.com/|218.00|140.00
    DOCU|DocuSign Inc|NASDAQ NMS - GLOBAL MARKET|Technology|2018-04-27|https://www.docusign.com/|205.00|60.00
    DOV|Dover Corp|NEW YORK STOCK EXCHANGE, INC.|Machinery|1955-01-03|https://www.dovercorporation.com/|140.00|153.00
    DOW|Dow Inc|NEW YORK STOCK EXCHANGE, INC.|Chemicals|2019-04-02|https://www.dow.com/|702.00|54.00
    DRI|Darden Restaurants Inc|NEW YORK STOCK EXCHANGE, INC.|Hotels, Restaurants & Leisure|1995-05-09|https://www.darden.com/|120.00|163.00
    DUK|Duke Energy Corp|NEW YORK STOCK EXCHANGE, INC.|Utilities|1961-01-03|https://www.duke-energy.com/|771.00|96.00
    DUOL|Duolingo Inc|NASDAQ NMS - GLOBAL MARKET|Diversified Consumer Services|2021-07-28|https://www.duolingo.com/|43.00|210.00
    DVN|Devon Energy Corp|NEW YORK STOCK EXCHANGE, INC.|Energy|1988-09-29|https://www.devonenergy.com/|635.00|45.00
    DXCM|DexCom Inc|NASDAQ NMS - GLOBAL MARKET|Health Care|2005-04-14|https://www.dexcom.com/|386.00|125.00
    EA|Electronic Arts Inc|NASDAQ NMS - GLOBAL MARKET|Media|1989-09-20|https://www.ea.com/|268.00|137.00
    EBAY|eBay Inc|NASDAQ NMS - GLOBAL MARKET|Retail|1998-09-24|https://www.ebay.com/|520.00|43.00
    ECL|Ecolab Inc|NEW YORK STOCK EXCHANGE, INC.|Chemicals|1957-01-02|https://www.ecolab.com/|285.00|198.00
    ED|Consolidated Edison Inc|NEW YORK STOCK EXCHANGE, INC.|Utilities|1950-01-03|https://www.conedison.com/|345.00|90.00
    EFX|Equifax Inc|NEW YORK STOCK EXCHANGE, INC.|Professional Services|1971-01-04|https://www.equifax.com/|124.00|245.00
    EL|Estee Lauder Companies Inc|NEW YORK STOCK EXCHANGE, INC.|Consumer products|1995-11-17|https://www.elcompanies.com/|359.00|145.00
    ELAN|Elanco Animal Health Inc|NEW YORK STOCK EXCHANGE, INC.|Pharmaceuticals|2018-09-20|https://www.elanco.com/|493.00|15.00
    ELF|e.l.f. Beauty Inc|NEW YORK STOCK EXCHANGE, INC.|Consumer products|2016-09-22|https://www.elfbeauty.com/|55.00|145.00
    ELV|Elevance Health Inc|NEW YORK STOCK EXCHANGE, INC.|Health Care|2001-10-30|https://www.elevancehealth.com/|233.00|480.00
    EME|EMCOR Group Inc|NEW YORK STOCK EXCHANGE, INC.|Construction|1995-12-15|https://www.emcorgroup.com/|47.00|215.00
    EMR|Emerson Electric Co|NEW YORK STOCK EXCHANGE, INC.|Electrical Equipment|1944-01-03|https://www.emerson.com/|572.00|96.00
    ENPH|Enphase Energy Inc|NASDAQ NMS - GLOBAL MARKET|Electrical Equipment|2012-03-30|https://enphase.com/|136.00|120.00
    ENTG|Entegris Inc|NASDAQ NMS - GLOBAL MARKET|Semiconductors|2000-07-11|https://www.entegris.com/|151.00|118.00
    EOG|EOG Resources Inc|NEW YORK STOCK EXCHANGE, INC.|Energy|1989-10-04|https://www.eogresources.com/|580.00|120.00
    EPAM|EPAM Systems Inc|NEW YORK STOCK EXCHANGE, INC.|Technology|2012-02-08|https://www.epam.com/|58.00|295.00
    EQIX|Equinix Inc|NASDAQ NMS - GLOBAL MARKET|Real Estate|2000-08-11|https://www.equinix.com/|94.00|800.00
    EQR|Equity Residential|NEW YORK STOCK EXCHANGE, INC.|Real Estate|1993-08-12|https://www.equityapartments.com/|380.00|60.00
    EQT|EQT Corp|NEW YORK STOCK EXCHANGE, INC.|Energy|1950-01-03|https://www.eqt.com/|440.00|38.00
    ETN|Eaton Corp PLC|NEW YORK STOCK EXCHANGE, INC.|Electrical Equipment|1923-01-02|https://www.eaton.com/|400.00|240.00
    ETSY|Etsy Inc|NASDAQ NMS - GLOBAL MARKET|Retail|2015-04-16|https://www.etsy.com/|120.00|80.00
    EW|Edwards Lifesciences Corp|NEW YORK STOCK EXCHANGE, INC.|Health Care|2000-03-27|https://www.edwards.com/|605.00|78.00
    EXC|Exelon Corp|NASDAQ NMS - GLOBAL MARKET|Utilities|2000-10-23|https://www.exeloncorp.com/|1000.00|36.00
    EXPE|Expedia Group Inc|NASDAQ NMS - GLOBAL MARKET|Hotels, Restaurants & Leisure|2005-08-09|https://www.expediagroup.com/|136.00|150.00
    EXR|Extra Space Storage Inc|NEW YORK STOCK EXCHANGE, INC.|Real Estate|2004-08-12|https://www.extraspace.com/|212.00|155.00
    F|Ford Motor Co|NEW YORK STOCK EXCHANGE, INC.|Automobiles|1956-01-17|https://www.ford.com/|3990.00|11.80
    FANG|Diamondback Energy Inc|NASDAQ NMS - GLOBAL MARKET|Energy|2012-10-12|https://www.diamondbackenergy.com/|178.00|155.00
    FAST|Fastenal Co|NASDAQ NMS - GLOBAL MARKET|Trading Companies & Distributors|1987-08-20|https://www.fastenal.com/|1145.00|33.00
    FCNCA|First Citizens BancShares Inc|NASDAQ NMS - GLOBAL MARKET|Banking|1986-01-02|https://www.firstcitizens.com/|14.50|1420.00
    FCX|Freeport-McMoRan Inc|NEW YORK STOCK EXCHANGE, INC.|Metals & Mining|1995-07-10|https://www.fcx.com/|1435.00|41.00
    FDX|FedEx Corp|NEW YORK STOCK EXCHANGE, INC.|Logistics & Transportation|1978-12-28|https://www.fedex.com/|250.00|250.00
    FICO|Fair Isaac Corp|NEW YORK STOCK EXCHANGE, INC.|Technology|1987-07-22|https://www.fico.com/|25.00|1180.00
    FIS|Fidelity National Information Services Inc|NEW YORK STOCK EXCHANGE, INC.|Financial Services|2001-02-01|https://www.fisglobal.com/|590.00|61.00
    FITB|Fifth Third Bancorp|NASDAQ NMS - GLOBAL MARKET|Banking|1975-01-02|https://www.53.com/|681.00|34.50
    FIX|Comfort Systems USA Inc|NEW YORK STOCK EXCHANGE, INC.|Construction|1997-06-27|https://www.comfortsystemsusa.com/|36.00|205.00
    FOXA|Fox Corp|NASDAQ NMS - GLOBAL MARKET|Media|2019-03-19|https://www.foxcorporation.com/|240.00|30.00
    FSLR|First Solar Inc|NASDAQ NMS - GLOBAL MARKET|Semiconductors|2006-11-17|https://www.firstsolar.com/|107.00|160.00
    FTNT|Fortinet Inc|NASDAQ NMS - GLOBAL MARKET|Technology|2009-11-18|https://www.fortinet.com/|765.00|60.00
    GD|General Dynamics Corp|NEW YORK STOCK EXCHANGE, INC.|Aerospace & Defense|1952-01-02|https://www.gd.com/|273.00|255.00
    GDDY|GoDaddy Inc|NEW YORK STOCK EXCHANGE, INC.|Technology|2015-04-01|https://www.godaddy.com/|142.00|105.00
    GE|GE Aerospace|NEW YORK STOCK EXCHANGE, INC.|Aerospace & Defense|1892-06-23|https://www.geaerospace.com/|1090.00|105.00
    GEHC|GE HealthCare Technologies Inc|NASDAQ NMS - GLOBAL MARKET|Health Care|2023-01-04|https://www.gehealthcare.com/|457.00|76.00
    GEV|GE Vernova Inc|NEW YORK STOCK EXCHANGE, INC.|Electrical Equipment|2024-04-02|https://www.gevernova.com/|275.00|140.00
    GFS|GlobalFoundries Inc|NASDAQ NMS - GLOBAL MARKET|Semiconductors|2021-10-28|https://gf.com/|555.00|58.00
    GILD|Gilead Sciences Inc|NASDAQ NMS - GLOBAL MARKET|Biotechnology|1992-01-22|https://www.gilead.com/|1245.00|80.00
    GIS|General Mills Inc|NEW YORK STOCK EXCHANGE, INC.|Food Products|1928-11-30|https://www.generalmills.com/|570.00|65.00
    GM|General Motors Co|NEW YORK STOCK EXCHANGE, INC.|Automobiles|2010-11-18|https://www.gm.com/|1150.00|36.00
    GME|GameStop Corp|NEW YORK STOCK EXCHANGE, INC.|Retail|2002-02-13|https://www.gamestop.com/|305.00|17.00
    GNRC|Generac Holdings Inc|NEW YORK STOCK EXCHANGE, INC.|Electrical Equipment|2010-02-11|https://www.generac.com/|60.00|128.00
    GNTX|Gentex Corp|NASDAQ NMS - GLOBAL MARKET|Automobiles|1981-07-01|https://www.gentex.com/|230.00|33.00
    GOOG|Alphabet Inc|NASDAQ NMS - GLOBAL MARKET|Media|2004-08-19|https://abc.xyz/|5480.00|141.00
    GOOGL|Alphabet Inc|NASDAQ NMS - GLOBAL MARKET|Media|2004-08-19|https://abc.xyz/|5870.00|140.00
    GPC|Genuine Parts Co|NEW YORK STOCK EXCHANGE, INC.|Trading Companies & Distributors|1948-01-02|https://www.genpt.com/|140.00|138.00
    GPN|Global Payments Inc|NEW YORK STOCK EXCHANGE, INC.|Financial Services|2001-01-12|https://www.globalpayments.com/|260.00|127.00
    GS|Goldman Sachs Group Inc|NEW YORK STOCK EXCHANGE, INC.|Financial Services|1999-05-04|https://www.goldmansachs.com/|325.00|385.00
    GWW|W W Grainger Inc|NEW YORK STOCK EXCHANGE, INC.|Trading Companies & Distributors|1967-01-03|https://www.grainger.com/|49.00|830.00
    GXO|GXO Logistics Inc|NEW YORK STOCK EXCHANGE, INC.|Logistics & Transportation|2021-08-02|https://gxo.com/|119.00|60.00
    H|Hyatt Hotels Corp|NEW YORK STOCK EXCHANGE, INC.|Hotels, Restaurants & Leisure|2009-11-05|https://www.hyatt.com/|100.00|130.00
    HAL|Halliburton Co|NEW YORK STOCK EXCHANGE, INC.|Energy|1948-01-02|https://www.halliburton.com/|890.00|36.00
    HAS|Hasbro Inc|NASDAQ NMS - GLOBAL MARKET|Leisure Products|1968-01-02|https://corporate.hasbro.com/|139.00|50.00
    HBAN|Huntington Bancshares Inc|NASDAQ NMS - GLOBAL MARKET|Banking|1967-01-03|https://www.huntington.com/|1448.00|12.70
    HCA|HCA Healthcare Inc|NEW YORK STOCK EXCHANGE, INC.|Health Care|2011-03-10|https://hcahealthcare.com/|265.00|280.00
    HD|Home Depot Inc|NEW YORK STOCK EXCHANGE, INC.|Retail|1981-09-22|https://www.homedepot.com/|992.00|350.00
    HII|Huntington Ingalls Industries Inc|NEW YORK STOCK EXCHANGE, INC.|Aerospace & Defense|2011-03-31|https://hii.com/|39.50|255.00
    HLT|Hilton Worldwide Holdings Inc|NEW YORK STOCK EXCHANGE, INC.|Hotels, Restaurants & Leisure|2013-12-12|https://www.hilton.com/|252.00|182.00
    HOG|Harley-Davidson Inc|NEW YORK STOCK EXCHANGE, INC.|Automobiles|1986-07-08|https://www.harley-davidson.com/|137.00|35.00
    HON|Honeywell International Inc|NASDAQ NMS - GLOBAL MARKET|Industrial Conglomerates|1929-12-31|https://www.honeywell.com/|652.00|205.00
    HOOD|Robinhood Markets Inc|NASDAQ NMS - GLOBAL MARKET|Financial Services|2021-07-29|https://robinhood.com/|880.00|12.00
    HPE|Hewlett Packard Enterprise Co|NEW YORK STOCK EXCHANGE, INC.|Technology|2015-11-02|https://www.hpe.com/|1300.00|17.00
    HPQ|HP Inc|NEW YORK STOCK EXCHANGE, INC.|Technology|1957-11-06|https://www.hp.com/|985.00|30.00
    HRB|H&R Block Inc|NEW YORK STOCK EXCHANGE, INC.|Diversified Consumer Services|1962-01-02|https://www.hrblock.com/|140.00|48.00
    HRL|Hormel Foods Corp|NEW YORK STOCK EXCHANGE, INC.|Food Products|1990-01-16|https://www.hormelfoods.com/|547.00|32.00
    HSY|Hershey Co|NEW YORK STOCK EXCHANGE, INC.|Food Products|1927-12-05|https://www.thehersheycompany.com/|204.00|187.00
    HUBB|Hubbell Inc|NEW YORK STOCK EXCHANGE, INC.|Electrical Equipment|1936-01-02|https://www.hubbell.com/|53.50|330.00
    HUBS|HubSpot Inc|NEW YORK STOCK EXCHANGE, INC.|Technology|2014-10-09|https://www.hubspot.com/|51.00|580.00
    HUM|Humana Inc|NEW YORK STOCK EXCHANGE, INC.|Health Care|1971-01-04|https://www.humana.com/|120.00|450.00
    HWM|Howmet Aerospace Inc|NEW YORK STOCK EXCHANGE, INC.|Aerospace & Defense|2016-11-01|https://www.howmet.com/|410.00|54.00
    IBKR|Interactive Brokers Group Inc|NASDAQ NMS - GLOBAL MARKET|Financial Services|2007-05-04|https://www.interactivebrokers.com/|440.00|22.00
    IBM|International Business Machines Corp|NEW YORK STOCK EXCHANGE, INC.|Technology|1915-11-11|https://www.ibm.com/|915.00|165.00
    ICE|Intercontinental Exchange Inc|NEW YORK STOCK EXCHANGE, INC.|Financial Services|2005-11-16|https://www.ice.com/|573.00|128.00
    IDXX|IDEXX Laboratories Inc|NASDAQ NMS - GLOBAL MARKET|Health Care|1991-06-21|https://www.idexx.com/|83.00|550.00
    IEP|Icahn Enterprises LP|NASDAQ NMS - GLOBAL MARKET|Industrial Conglomerates|1987-06-01|https://www.ielp.com/|450.00|17.00
    ILMN|Illumina Inc|NASDAQ NMS - GLOBAL MARKET|Life Sciences Tools & Services|2000-07-28|https://www.illumina.com/|159.00|140.00
    INCY|Incyte Corp|NASDAQ NMS - GLOBAL MARKET|Biotechnology|1993-11-04|https://www.incyte.com/|224.00|60.00
    INTC|Intel Corp|NASDAQ NMS - GLOBAL MARKET|Semiconductors|1971-10-13|https://www.intel.com/|4300.00|47.00
    INTU|Intuit Inc|NASDAQ NMS - GLOBAL MARKET|Technology|1993-03-12|https://www.intuit.com/|280.00|625.00
    IONQ|IonQ Inc|NEW YORK STOCK EXCHANGE, INC.|Technology|2021-10-01|https://www.ionq.com/|205.00|13.00
    IP|International Paper Co|NEW YORK STOCK EXCHANGE, INC.|Packaging|1950-01-03|https://www.internationalpaper.com/|347.00|36.00
    IQV|IQVIA Holdings Inc|NEW YORK STOCK EXCHANGE, INC.|Life Sciences Tools & Services|2013-05-09|https://www.iqvia.com/|182.00|225.00
    IR|Ingersoll Rand Inc|NEW YORK STOCK EXCHANGE, INC.|Machinery|2017-05-12|https://www.irco.com/|403.00|77.00
    IRM|Iron Mountain Inc|NEW YORK STOCK EXCHANGE, INC.|Real Estate|1996-02-01|https://www.ironmountain.com/|292.00|68.00
    ISRG|Intuitive Surgical Inc|NASDAQ NMS - GLOBAL MARKET|Health Care|2000-06-13|https://www.intuitive.com/|354.00|340.00
    IT|Gartner Inc|NEW YORK STOCK EXCHANGE, INC.|Technology|1993-10-05|https://www.gartner.com/|78.00|450.00
    ITW|Illinois Tool Works Inc|NEW YORK STOCK EXCHANGE, INC.|Machinery|1961-01-03|https://www.itw.com/|298.00|260.00
    J|Jacobs Solutions Inc|NEW YORK STOCK EXCHANGE, INC.|Construction|1970-01-02|https://www.jacobs.com/|126.00|120.00
    JBHT|J B Hunt Transport Services Inc|NASDAQ NMS - GLOBAL MARKET|Road & Rail|1983-03-01|https://www.jbhunt.com/|103.00|200.00
    JBLU|JetBlue Airways Corp|NASDAQ NMS - GLOBAL MARKET|Airlines|2002-04-12|https://www.jetblue.com/|340.00|5.50
    JCI|Johnson Controls International PLC|NEW YORK STOCK EXCHANGE, INC.|Building|1960-01-04|https://www.johnsoncontrols.com/|680.00|58.00
    JNJ|Johnson & Johnson|NEW YORK STOCK EXCHANGE, INC.|Pharmaceuticals|1944-09-25|https://www.jnj.com/|2407.00|158.00
    JPM|JPMorgan Chase & Co|NEW YORK STOCK EXCHANGE, INC.|Banking|1980-03-17|https://www.jpmorganchase.com/|2880.00|170.00
    KDP|Keurig Dr Pepper Inc|NASDAQ NMS - GLOBAL MARKET|Beverages|2008-05-07|https://www.keurigdrpepper.com/|1390.00|32.00
    KEY|KeyCorp|NEW YORK STOCK EXCHANGE, INC.|Banking|1963-01-02|https://www.key.com/|940.00|14.40
    KHC|Kraft Heinz Co|NASDAQ NMS - GLOBAL MARKET|Food Products|2015-07-06|https://www.kraftheinzcompany.com/|1225.00|37.00
    KKR|KKR & Co Inc|NEW YORK STOCK EXCHANGE, INC.|Financial Services|2010-07-15|https://www.kkr.com/|885.00|82.00
    KLAC|KLA Corp|NASDAQ NMS - GLOBAL MARKET|Semiconductors|1980-10-08|https://www.kla.com/|135.00|580.00
    KMB|Kimberly-Clark Corp|NEW YORK STOCK EXCHANGE, INC.|Consumer products|1929-01-02|https://www.kimberly-clark.com/|337.00|122.00
    KMI|Kinder Morgan Inc|NEW YORK STOCK EXCHANGE, INC.|Energy|2011-02-11|https://www.kindermorgan.com/|2220.00|17.50
    KMX|CarMax Inc|NEW YORK STOCK EXCHANGE, INC.|Retail|1997-02-04|https://www.carmax.com/|158.00|72.00
    KNX|Knight-Swift Transportation Holdings Inc|NEW YORK STOCK EXCHANGE, INC.|Road & Rail|1994-10-25|https://www.knight-swift.com/|161.00|57.00
    KO|Coca-Cola Co|NEW YORK STOCK EXCHANGE, INC.|Beverages|1919-09-05|https://www.coca-colacompany.com/|4320.00|59.50
    KR|Kroger Co|NEW YORK STOCK EXCHANGE, INC.|Retail|1928-01-03|https://www.thekrogerco.com/|720.00|45.00
    KVUE|Kenvue Inc|NEW YORK STOCK EXCHANGE, INC.|Consumer products|2023-05-04|https://www.kenvue.com/|1915.00|21.00
    LCID|Lucid Group Inc|NASDAQ NMS - GLOBAL MARKET|Automobiles|2021-07-26|https://www.lucidmotors.com/|230.00|42.00
    LDOS|Leidos Holdings Inc|NEW YORK STOCK EXCHANGE, INC.|Professional Services|2006-10-17|https://www.leidos.com/|137.00|108.00
    LEA|Lear Corp|NEW YORK STOCK EXCHANGE, INC.|Automobiles|1994-04-13|https://www.lear.com/|57.00|140.00
    LEN|Lennar Corp|NEW YORK STOCK EXCHANGE, INC.|Building|1971-01-04|https://www.lennar.com/|280.00|148.00
    LEVI|Levi Strauss & Co|NEW YORK STOCK EXCHANGE, INC.|Textiles, Apparel & Luxury Goods|2019-03-21|https://www.levistrauss.com/|397.00|16.50
    LH|Labcorp Holdings Inc|NEW YORK STOCK EXCHANGE, INC.|Health Care|1990-04-26|https://www.labcorp.com/|84.00|225.00
    LHX|L3Harris Technologies Inc|NEW YORK STOCK EXCHANGE, INC.|Aerospace & Defense|1977-01-03|https://www.l3harris.com/|190.00|210.00
    LIN|Linde PLC|NASDAQ NMS - GLOBAL MARKET|Chemicals|2018-10-31|https://www.linde.com/|484.00|410.00
    LITE|Lumentum Holdings Inc|NASDAQ NMS - GLOBAL MARKET|Communications|2015-08-04|https://www.lumentum.com/|68.00|50.00
    LKQ|LKQ Corp|NASDAQ NMS - GLOBAL MARKET|Trading Companies & Distributors|2003-10-03|https://www.lkqcorp.com/|267.00|47.00
    LLY|Eli Lilly and Co|NEW YORK STOCK EXCHANGE, INC.|Pharmaceuticals|1970-07-09|https://www.lilly.com/|950.00|610.00
    LMT|Lockheed Martin Corp|NEW YORK STOCK EXCHANGE, INC.|Aerospace & Defense|1995-03-16|https://www.lockheedmartin.com/|241.00|450.00
    LNG|Cheniere Energy Inc|NEW YORK STOCK EXCHANGE, INC.|Energy|1995-01-03|https://www.cheniere.com/|238.00|170.00
    LOPE|Grand Canyon Education Inc|NASDAQ NMS - GLOBAL MARKET|Diversified Consumer Services|2008-11-20|https://www.gce.com/|29.50|132.00
    LOW|Lowe's Companies Inc|NEW YORK STOCK EXCHANGE, INC.|Retail|1961-10-10|https://www.lowes.com/|575.00|222.00
    LRCX|Lam Research Corp|NASDAQ NMS - GLOBAL MARKET|Semiconductors|1984-05-04|https://www.lamresearch.com/|1310.00|80.00
    LULU|Lululemon Athletica Inc|NASDAQ NMS - GLOBAL MARKET|Textiles, Apparel & Luxury Goods|2007-07-27|https://www.lululemon.com/|126.00|500.00
    LUMN|Lumen Technologies Inc|NEW YORK STOCK EXCHANGE, INC.|Telecommunication|1978-03-01|https://www.lumen.com/|1010.00|1.80
    LUV|Southwest Airlines Co|NEW YORK STOCK EXCHANGE, INC.|Airlines|1977-06-01|https://www.southwest.com/|597.00|29.00
    LVS|Las Vegas Sands Corp|NEW YORK STOCK EXCHANGE, INC.|Hotels, Restaurants & Leisure|2004-12-15|https://www.sands.com/|765.00|48.00
    LYB|LyondellBasell Industries NV|NEW YORK STOCK EXCHANGE, INC.|Chemicals|2010-10-14|https://www.lyondellbasell.com/|325.00|94.00
    LYFT|Lyft Inc|NASDAQ NMS - GLOBAL MARKET|Road & Rail|2019-03-29|https://www.lyft.com/|400.00|15.00
    LYV|Live Nation Entertainment Inc|NEW YORK STOCK EXCHANGE, INC.|Media|2005-12-21|https://www.livenationentertainment.com/|230.00|92.00
    MA|Mastercard Inc|NEW YORK STOCK EXCHANGE, INC.|Financial Services|2006-05-25|https://www.mastercard.com/|935.00|425.00
    MAR|Marriott International Inc|NASDAQ NMS - GLOBAL MARKET|Hotels, Restaurants & Leisure|1998-03-30|https://www.marriott.com/|290.00|225.00
    MAS|Masco Corp|NEW YORK STOCK EXCHANGE, INC.|Building|1969-01-02|https://www.masco.com/|222.00|67.00
    MAT|Mattel Inc|NASDAQ NMS - GLOBAL MARKET|Leisure Products|1960-01-04|https://corporate.mattel.com/|345.00|18.50
    MCD|McDonald's Corp|NEW YORK STOCK EXCHANGE, INC.|Hotels, Restaurants & Leisure|1965-04-21|https://www.mcdonalds.com/|723.00|295.00
    MCHP|Microchip Technology Inc|NASDAQ NMS - GLOBAL MARKET|Semiconductors|1993-03-19|https://www.microchip.com/|540.00|88.00
    MCK|McKesson Corp|NEW YORK STOCK EXCHANGE, INC.|Health Care|1994-11-14|https://www.mckesson.com/|131.00|470.00
    MCO|Moody's Corp|NEW YORK STOCK EXCHANGE, INC.|Financial Services|2000-10-02|https://www.moodys.com/|182.00|385.00
    MDB|MongoDB Inc|NASDAQ NMS - GLOBAL MARKET|Technology|2017-10-19|https://www.mongodb.com/|72.00|400.00
    MDLZ|Mondelez International Inc|NASDAQ NMS - GLOBAL MARKET|Food Products|2001-06-13|https://www.mondelezinternational.com/|1350.00|72.00
    MDT|Medtronic PLC|NEW YORK STOCK EXCHANGE, INC.|Health Care|1976-01-02|https://www.medtronic.com/|1330.00|84.00
    MET|MetLife Inc|NEW YORK STOCK EXCHANGE, INC.|Insurance|2000-04-05|https://www.metlife.com/|730.00|67.00
    META|Meta Platforms Inc|NASDAQ NMS - GLOBAL MARKET|Media|2012-05-18|https://www.meta.com/|2570.00|370.00
    MGM|MGM Resorts International|NEW YORK STOCK EXCHANGE, INC.|Hotels, Restaurants & Leisure|1988-04-01|https://www.mgmresorts.com/|320.00|44.00
    MKC|McCormick & Co Inc|NEW YORK STOCK EXCHANGE, INC.|Food Products|1990-03-01|https://www.mccormick.com/|268.00|68.00
    MLM|Martin Marietta Materials Inc|NEW YORK STOCK EXCHANGE, INC.|Construction|1994-02-17|https://www.martinmarietta.com/|62.00|500.00
    MMC|Marsh & McLennan Companies Inc|NEW YORK STOCK EXCHANGE, INC.|Insurance|1962-01-02|https://www.marshmclennan.com/|493.00|192.00
    MMM|3M Co|NEW YORK STOCK EXCHANGE, INC.|Industrial Conglomerates|1946-01-14|https://www.3m.com/|553.00|95.00
    MNST|Monster Beverage Corp|NASDAQ NMS - GLOBAL MARKET|Beverages|1985-08-01|https://www.monsterbevcorp.com/|1040.00|57.00
    MO|Altria Group Inc|NEW YORK STOCK EXCHANGE, INC.|Tobacco|1923-01-02|https://www.altria.com/|1765.00|40.00
    MOH|Molina Healthcare Inc|NEW YORK STOCK EXCHANGE, INC.|Health Care|2003-07-02|https://www.molinahealthcare.com/|58.00|360.00
    MOS|Mosaic Co|NEW YORK STOCK EXCHANGE, INC.|Chemicals|2004-10-22|https://www.mosaicco.com/|322.00|35.00
    MP|MP Materials Corp|NEW YORK STOCK EXCHANGE, INC.|Metals & Mining|2020-11-18|https://mpmaterials.com/|178.00|18.00
    MPC|Marathon Petroleum Corp|NEW YORK STOCK EXCHANGE, INC.|Energy|2011-06-24|https://www.marathonpetroleum.com/|355.00|150.00
    MPWR|Monolithic Power Systems Inc|NASDAQ NMS - GLOBAL MARKET|Semiconductors|2004-11-19|https://www.monolithicpower.com/|48.00|620.00
    MRK|Merck & Co Inc|NEW YORK STOCK EXCHANGE, INC.|Pharmaceuticals|1946-01-02|https://www.merck.com/|2533.00|110.00
    MRNA|Moderna Inc|NASDAQ NMS - GLOBAL MARKET|Biotechnology|2018-12-07|https://www.modernatx.com/|382.00|100.00
    MRVL|Marvell Technology Inc|NASDAQ NMS - GLOBAL MARKET|Semiconductors|2000-06-27|https://www.marvell.com/|865.00|62.00
    MS|Morgan Stanley|NEW YORK STOCK EXCHANGE, INC.|Financial Services|1993-02-23|https://www.morganstanley.com/|1630.00|88.00
    MSCI|MSCI Inc|NEW YORK STOCK EXCHANGE, INC.|Financial Services|2007-11-15|https://www.msci.com/|79.00|560.00
    MSFT|Microsoft Corp|NASDAQ NMS - GLOBAL MARKET|Technology|1986-03-13|https://www.microsoft.com/|7432.00|375.00
    MSI|Motorola Solutions Inc|NEW YORK STOCK EXCHANGE, INC.|Communications|1943-01-04|https://www.motorolasolutions.com/|166.00|315.00
    MSTR|Strategy Inc|NASDAQ NMS - GLOBAL MARKET|Technology|1998-06-11|https://www.strategy.com/|170.00|55.00
    MTB|M&T Bank Corp|NEW YORK STOCK EXCHANGE, INC.|Banking|1986-01-02|https://www.mtb.com/|166.00|137.00
    MTCH|Match Group Inc|NASDAQ NMS - GLOBAL MARKET|Media|2015-11-19|https://mtch.com/|265.00|36.00
    MTD|Mettler-Toledo International Inc|NEW YORK STOCK EXCHANGE, INC.|Life Sciences Tools & Services|1997-11-14|https://www.mt.com/|21.50|1200.00
    MU|Micron Technology Inc|NASDAQ NMS - GLOBAL MARKET|Semiconductors|1984-06-01|https://www.micron.com/|1105.00|85.00
    NCLH|Norwegian Cruise Line Holdings Ltd|NEW YORK STOCK EXCHANGE, INC.|Hotels, Restaurants & Leisure|2013-01-18|https://www.nclhltd.com/|425.00|19.50
    NDAQ|Nasdaq Inc|NASDAQ NMS - GLOBAL MARKET|Financial Services|2002-07-01|https://www.nasdaq.com/|577.00|58.00
    NEE|NextEra Energy Inc|NEW YORK STOCK EXCHANGE, INC.|Utilities|1950-01-03|https://www.nexteraenergy.com/|2050.00|60.00
    NEM|Newmont Corp|NEW YORK STOCK EXCHANGE, INC.|Metals & Mining|1940-01-02|https://www.newmont.com/|1150.00|40.00
    NET|Cloudflare Inc|NEW YORK STOCK EXCHANGE, INC.|Technology|2019-09-13|https://www.cloudflare.com/|340.00|82.00
    NFLX|Netflix Inc|NASDAQ NMS - GLOBAL MARKET|Media|2002-05-23|https://www.netflix.com/|4300.00|48.00
    NKE|Nike Inc|NEW YORK STOCK EXCHANGE, INC.|Textiles, Apparel & Luxury Goods|1980-12-02|https://www.nike.com/|1510.00|105.00
    NOC|Northrop Grumman Corp|NEW YORK STOCK EXCHANGE, INC.|Aerospace & Defense|1951-01-02|https://www.northropgrumman.com/|150.00|465.00
    NOW|ServiceNow Inc|NEW YORK STOCK EXCHANGE, INC.|Technology|2012-06-29|https://www.servicenow.com/|1030.00|142.00
    NSC|Norfolk Southern Corp|NEW YORK STOCK EXCHANGE, INC.|Road & Rail|1982-06-02|https://www.norfolksouthern.com/|226.00|235.00
    NTAP|NetApp Inc|NASDAQ NMS - GLOBAL MARKET|Technology|1995-11-21|https://www.netapp.com/|208.00|88.00
    NTRS|Northern Trust Corp|NASDAQ NMS - GLOBAL MARKET|Banking|1972-01-03|https://www.northerntrust.com/|205.00|84.00
    NUE|Nucor Corp|NEW YORK STOCK EXCHANGE, INC.|Metals & Mining|1972-01-03|https://www.nucor.com/|245.00|175.00
    NVDA|NVIDIA Corp|NASDAQ NMS - GLOBAL MARKET|Semiconductors|1999-01-22|https://www.nvidia.com/|24600.00|48.00
    NVR|NVR Inc|NEW YORK STOCK EXCHANGE, INC.|Building|1993-09-30|https://www.nvrinc.com/|3.20|7000.00
    NXPI|NXP Semiconductors NV|NASDAQ NMS - GLOBAL MARKET|Semiconductors|2010-08-06|https://www.nxp.com/|256.00|225.00
    NYT|New York Times Co|NEW YORK STOCK EXCHANGE, INC.|Media|1969-01-14|https://www.nytco.com/|164.00|48.00
    O|Realty Income Corp|NEW YORK STOCK EXCHANGE, INC.|Real Estate|1994-10-18|https://www.realtyincome.com/|860.00|57.00
    OC|Owens Corning|NEW YORK STOCK EXCHANGE, INC.|Building|2006-11-01|https://www.owenscorning.com/|87.00|148.00
    ODFL|Old Dominion Freight Line Inc|NASDAQ NMS - GLOBAL MARKET|Road & Rail|1991-10-24|https://www.odfl.com/|218.00|195.00
    OKE|ONEOK Inc|NEW YORK STOCK EXCHANGE, INC.|Energy|1980-01-02|https://www.oneok.com/|583.00|70.00
    OKTA|Okta Inc|NASDAQ NMS - GLOBAL MARKET|Technology|2017-04-07|https://www.okta.com/|168.00|88.00
    OMC|Omnicom Group Inc|NEW YORK STOCK EXCHANGE, INC.|Media|1986-08-27|https://www.omnicomgroup.com/|198.00|87.00
    ON|ON Semiconductor Corp|NASDAQ NMS - GLOBAL MARKET|Semiconductors|2000-05-01|https://www.onsemi.com/|428.00|78.00
    ORCL|Oracle Corp|NEW YORK STOCK EXCHANGE, INC.|Technology|1986-03-12|https://www.oracle.com/|2750.00|105.00
    ORLY|O'Reilly Automotive Inc|NASDAQ NMS - GLOBAL MARKET|Retail|1993-04-22|https://www.oreillyauto.com/|885.00|63.00
    OTIS|Otis Worldwide Corp|NEW YORK STOCK EXCHANGE, INC.|Machinery|2020-04-03|https://www.otis.com/|405.00|89.00
    OXY|Occidental Petroleum Corp|NEW YORK STOCK EXCHANGE, INC.|Energy|1964-01-02|https://www.oxy.com/|880.00|59.00
    PANW|Palo Alto Networks Inc|NASDAQ NMS - GLOBAL MARKET|Technology|2012-07-20|https://www.paloaltonetworks.com/|646.00|148.00
    PATH|UiPath Inc|NEW YORK STOCK EXCHANGE, INC.|Technology|2021-04-21|https://www.uipath.com/|570.00|24.00
    PAYX|Paychex Inc|NASDAQ NMS - GLOBAL MARKET|Professional Services|1983-08-26|https://www.paychex.com/|360.00|120.00
    PCAR|PACCAR Inc|NASDAQ NMS - GLOBAL MARKET|Machinery|1970-01-02|https://www.paccar.com/|524.00|98.00
    PCG|PG&E Corp|NEW YORK STOCK EXCHANGE, INC.|Utilities|1995-01-03|https://www.pgecorp.com/|2140.00|17.50
    PEG|Public Service Enterprise Group Inc|NEW YORK STOCK EXCHANGE, INC.|Utilities|1970-01-02|https://www.pseg.com/|498.00|60.00
    PEP|PepsiCo Inc|NASDAQ NMS - GLOBAL MARKET|Beverages|1972-06-01|https://www.pepsico.com/|1375.00|168.00
    PFE|Pfizer Inc|NEW YORK STOCK EXCHANGE, INC.|Pharmaceuticals|1942-06-22|https://www.pfizer.com/|5650.00|29.00
    PG|Procter & Gamble Co|NEW YORK STOCK EXCHANGE, INC.|Consumer products|1950-03-22|https://www.pg.com/|2355.00|150.00
    PGR|Progressive Corp|NEW YORK STOCK EXCHANGE, INC.|Insurance|1971-04-01|https://www.progressive.com/|585.00|160.00
    PH|Parker-Hannifin Corp|NEW YORK STOCK EXCHANGE, INC.|Machinery|1964-12-09|https://www.parker.com/|128.00|460.00
    PHM|PulteGroup Inc|NEW YORK STOCK EXCHANGE, INC.|Building|1972-01-03|https://www.pultegroup.com/|212.00|103.00
    PII|Polaris Inc|NEW YORK STOCK EXCHANGE, INC.|Leisure Products|1987-12-01|https://www.polaris.com/|57.00|92.00
    PINS|Pinterest Inc|NEW YORK STOCK EXCHANGE, INC.|Media|2019-04-18|https://www.pinterest.com/|680.00|37.00
    PKG|Packaging Corp of America|NEW YORK STOCK EXCHANGE, INC.|Packaging|2000-01-28|https://www.packagingcorp.com/|90.00|165.00
    PLD|Prologis Inc|NEW YORK STOCK EXCHANGE, INC.|Real Estate|1997-11-21|https://www.prologis.com/|925.00|130.00
    PLTR|Palantir Technologies Inc|NASDAQ NMS - GLOBAL MARKET|Technology|2020-09-30|https://www.palantir.com/|2200.00|17.00
    PLUG|Plug Power Inc|NASDAQ NMS - GLOBAL MARKET|Electrical Equipment|1999-10-29|https://www.plugpower.com/|600.00|4.00
    PM|Philip Morris International Inc|NEW YORK STOCK EXCHANGE, INC.|Tobacco|2008-03-17|https://www.pmi.com/|1555.00|94.00
    PNC|PNC Financial Services Group Inc|NEW YORK STOCK EXCHANGE, INC.|Banking|1983-01-03|https://www.pnc.com/|398.00|152.00
    PODD|Insulet Corp|NASDAQ NMS - GLOBAL MARKET|Health Care|2007-05-15|https://www.insulet.com/|70.00|215.00
    POOL|Pool Corp|NASDAQ NMS - GLOBAL MARKET|Trading Companies & Distributors|1995-10-13|https://www.poolcorp.com/|38.50|390.00
    PPG|PPG Industries Inc|NEW YORK STOCK EXCHANGE, INC.|Chemicals|1960-01-04|https://www.ppg.com/|236.00|148.00
    PRU|Prudential Financial Inc|NEW YORK STOCK EXCHANGE, INC.|Insurance|2001-12-13|https://www.prudential.com/|360.00|104.00
    PSA|Public Storage|NEW YORK STOCK EXCHANGE, INC.|Real Estate|1980-11-18|https://www.publicstorage.com/|176.00|300.00
    PSX|Phillips 66|NEW YORK STOCK EXCHANGE, INC.|Energy|2012-05-01|https://www.phillips66.com/|435.00|135.00
    PTC|PTC Inc|NASDAQ NMS - GLOBAL MARKET|Technology|1989-12-08|https://www.ptc.com/|119.00|175.00
    PVH|PVH Corp|NEW YORK STOCK EXCHANGE, INC.|Textiles, Apparel & Luxury Goods|1920-01-02|https://www.pvh.com/|60.00|118.00
    PWR|Quanta Services Inc|NEW YORK STOCK EXCHANGE, INC.|Construction|1998-02-12|https://www.quantaservices.com/|146.00|210.00
    PYPL|PayPal Holdings Inc|NASDAQ NMS - GLOBAL MARKET|Financial Services|2015-07-06|https://www.paypal.com/|1070.00|60.00
    QCOM|Qualcomm Inc|NASDAQ NMS - GLOBAL MARKET|Semiconductors|1991-12-13|https://www.qualcomm.com/|1115.00|145.00
    QRVO|Qorvo Inc|NASDAQ NMS - GLOBAL MARKET|Semiconductors|2015-01-02|https://www.qorvo.com/|96.00|108.00
    RBLX|Roblox Corp|NEW YORK STOCK EXCHANGE, INC.|Media|2021-03-10|https://www.roblox.com/|630.00|42.00
    RCL|Royal Caribbean Cruises Ltd|NEW YORK STOCK EXCHANGE, INC.|Hotels, Restaurants & Leisure|1993-04-28|https://www.royalcaribbeangroup.com/|257.00|128.00
    RDDT|Reddit Inc|NEW YORK STOCK EXCHANGE, INC.|Media|2024-03-21|https://www.redditinc.com/|180.00|34.00
    REGN|Regeneron Pharmaceuticals Inc|NASDAQ NMS - GLOBAL MARKET|Biotechnology|1991-04-02|https://www.regeneron.com/|107.00|900.00
    RF|Regions Financial Corp|NEW YORK STOCK EXCHANGE, INC.|Banking|1976-01-02|https://www.regions.com/|920.00|19.30
    RIVN|Rivian Automotive Inc|NASDAQ NMS - GLOBAL MARKET|Automobiles|2021-11-10|https://rivian.com/|990.00|20.00
    RJF|Raymond James Financial Inc|NEW YORK STOCK EXCHANGE, INC.|Financial Services|1983-07-01|https://www.raymondjames.com/|208.00|110.00
    RKLB|Rocket Lab USA Inc|NASDAQ NMS - GLOBAL MARKET|Aerospace & Defense|2021-08-25|https://www.rocketlabusa.com/|490.00|5.00
    RL|Ralph Lauren Corp|NEW YORK STOCK EXCHANGE, INC.|Textiles, Apparel & Luxury Goods|1997-06-12|https://www.ralphlauren.com/|65.00|142.00
    RMD|ResMed Inc|NEW YORK STOCK EXCHANGE, INC.|Health Care|1995-06-02|https://www.resmed.com/|147.00|172.00
    ROK|Rockwell Automation Inc|NEW YORK STOCK EXCHANGE, INC.|Electrical Equipment|1990-01-02|https://www.rockwellautomation.com/|115.00|310.00
    ROKU|Roku Inc|NASDAQ NMS - GLOBAL MARKET|Media|2017-09-28|https://www.roku.com/|144.00|90.00
    ROL|Rollins Inc|NEW YORK STOCK EXCHANGE, INC.|Commercial Services & Supplies|1968-01-02|https://www.rollins.com/|484.00|43.00
    ROP|Roper Technologies Inc|NASDAQ NMS - GLOBAL MARKET|Technology|1992-02-13|https://www.ropertech.com/|107.00|545.00
    ROST|Ross Stores Inc|NASDAQ NMS - GLOBAL MARKET|Retail|1985-10-08|https://www.rossstores.com/|337.00|138.00
    RS|Reliance Inc|NEW YORK STOCK EXCHANGE, INC.|Metals & Mining|1994-09-16|https://www.reliance.com/|57.00|280.00
    RSG|Republic Services Inc|NEW YORK STOCK EXCHANGE, INC.|Commercial Services & Supplies|1998-07-01|https://www.republicservices.com/|315.00|166.00
    RTX|RTX Corp|NEW YORK STOCK EXCHANGE, INC.|Aerospace & Defense|1929-01-02|https://www.rtx.com/|1335.00|85.00
    SBUX|Starbucks Corp|NASDAQ NMS - GLOBAL MARKET|Hotels, Restaurants & Leisure|1992-06-26|https://www.starbucks.com/|1135.00|95.00
    SCCO|Southern Copper Corp|NEW YORK STOCK EXCHANGE, INC.|Metals & Mining|1996-01-05|https://southerncoppercorp.com/|780.00|85.00
    SCHW|Charles Schwab Corp|NEW YORK STOCK EXCHANGE, INC.|Financial Services|1987-09-22|https://www.schwab.com/|1820.00|68.00
    SCI|Service Corp International|NEW YORK STOCK EXCHANGE, INC.|Diversified Consumer Services|1969-01-02|https://www.sci-corp.com/|146.00|68.00
    SEB|Seaboard Corp|NYSE MKT LLC|Industrial Conglomerates|1959-01-02|https://www.seaboardcorp.com/|0.97|3500.00
    SHOP|Shopify Inc|NASDAQ NMS - GLOBAL MARKET|Technology|2015-05-21|https://www.shopify.com/|1287.00|78.00
    SHW|Sherwin-Williams Co|NEW YORK STOCK EXCHANGE, INC.|Chemicals|1964-01-02|https://www.sherwin-williams.com/|253.00|310.00
    SJM|J M Smucker Co|NEW YORK STOCK EXCHANGE, INC.|Food Products|1959-11-04|https://www.jmsmucker.com/|106.00|126.00
    SLB|Schlumberger Ltd|NEW YORK STOCK EXCHANGE, INC.|Energy|1962-01-02|https://www.slb.com/|1425.00|51.00
    SMCI|Super Micro Computer Inc|NASDAQ NMS - GLOBAL MARKET|Technology|2007-03-29|https://www.supermicro.com/|580.00|30.00
    SNAP|Snap Inc|NEW YORK STOCK EXCHANGE, INC.|Media|2017-03-02|https://www.snap.com/|1650.00|17.00
    SNOW|Snowflake Inc|NEW YORK STOCK EXCHANGE, INC.|Technology|2020-09-16|https://www.snowflake.com/|330.00|195.00
    SNPS|Synopsys Inc|NASDAQ NMS - GLOBAL MARKET|Technology|1992-02-26|https://www.synopsys.com/|153.00|520.00
    SO|Southern Co|NEW YORK STOCK EXCHANGE, INC.|Utilities|1949-09-01|https://www.southerncompany.com/|1090.00|70.00
    SOFI|SoFi Technologies Inc|NASDAQ NMS - GLOBAL MARKET|Financial Services|2021-06-01|https://www.sofi.com/|975.00|9.50
    SPG|Simon Property Group Inc|NEW YORK STOCK EXCHANGE, INC.|Real Estate|1993-12-14|https://www.simon.com/|326.00|143.00
    SPGI|S&P Global Inc|NEW YORK STOCK EXCHANGE, INC.|Financial Services|1929-01-02|https://www.spglobal.com/|312.00|435.00
    SPOT|Spotify Technology SA|NEW YORK STOCK EXCHANGE, INC.|Media|2018-04-03|https://www.spotify.com/|197.00|195.00
    SRE|Sempra|NEW YORK STOCK EXCHANGE, INC.|Utilities|1998-06-29|https://www.sempra.com/|632.00|74.00
    STLD|Steel Dynamics Inc|NASDAQ NMS - GLOBAL MARKET|Metals & Mining|1996-11-22|https://www.steeldynamics.com/|160.00|118.00
    STT|State Street Corp|NEW YORK STOCK EXCHANGE, INC.|Banking|1995-01-03|https://www.statestreet.com/|305.00|77.00
    STX|Seagate Technology Holdings PLC|NASDAQ NMS - GLOBAL MARKET|Technology|2002-12-11|https://www.seagate.com/|210.00|85.00
    STZ|Constellation Brands Inc|NEW YORK STOCK EXCHANGE, INC.|Beverages|1992-07-01|https://www.cbrands.com/|183.00|245.00
    SWKS|Skyworks Solutions Inc|NASDAQ NMS - GLOBAL MARKET|Semiconductors|1984-03-01|https://www.skyworksinc.com/|160.00|110.00
    SYF|Synchrony Financial|NEW YORK STOCK EXCHANGE, INC.|Financial Services|2014-07-31|https://www.synchrony.com/|405.00|38.00
    SYK|Stryker Corp|NEW YORK STOCK EXCHANGE, INC.|Health Care|1979-01-02|https://www.stryker.com/|380.00|305.00
    T|AT&T Inc|NEW YORK STOCK EXCHANGE, INC.|Telecommunication|1983-11-21|https://www.att.com/|7150.00|17.00
    TAP|Molson Coors Beverage Co|NEW YORK STOCK EXCHANGE, INC.|Beverages|1975-01-02|https://www.molsoncoors.com/|212.00|62.00
    TDG|TransDigm Group Inc|NEW YORK STOCK EXCHANGE, INC.|Aerospace & Defense|2006-03-15|https://www.transdigm.com/|56.00|1020.00
    TEAM|Atlassian Corp|NASDAQ NMS - GLOBAL MARKET|Technology|2015-12-10|https://www.atlassian.com/|260.00|235.00
    TEL|TE Connectivity PLC|NEW YORK STOCK EXCHANGE, INC.|Electrical Equipment|2007-06-14|https://www.te.com/|310.00|140.00
    TER|Teradyne Inc|NASDAQ NMS - GLOBAL MARKET|Semiconductors|1970-09-01|https://www.teradyne.com/|153.00|105.00
    TFC|Truist Financial Corp|NEW YORK STOCK EXCHANGE, INC.|Banking|1980-01-02|https://www.truist.com/|1335.00|37.00
    TGT|Target Corp|NEW YORK STOCK EXCHANGE, INC.|Retail|1967-10-18|https://www.target.com/|462.00|142.00
    TJX|TJX Companies Inc|NEW YORK STOCK EXCHANGE, INC.|Retail|1987-06-01|https://www.tjx.com/|1135.00|94.00
    TMO|Thermo Fisher Scientific Inc|NEW YORK STOCK EXCHANGE, INC.|Life Sciences Tools & Services|1980-03-17|https://www.thermofisher.com/|382.00|535.00
    TMUS|T-Mobile US Inc|NASDAQ NMS - GLOBAL MARKET|Telecommunication|2007-04-19|https://www.t-mobile.com/|1190.00|160.00
    TOL|Toll Brothers Inc|NEW YORK STOCK EXCHANGE, INC.|Building|1986-07-08|https://www.tollbrothers.com/|105.00|103.00
    TPB|Turning Point Brands Inc|NEW YORK STOCK EXCHANGE, INC.|Tobacco|2016-05-11|https://www.turningpointbrands.com/|17.70|26.00
    TPR|Tapestry Inc|NEW YORK STOCK EXCHANGE, INC.|Textiles, Apparel & Luxury Goods|2000-10-05|https://www.tapestry.com/|230.00|37.00
    TRGP|Targa Resources Corp|NEW YORK STOCK EXCHANGE, INC.|Energy|2010-12-07|https://www.targaresources.com/|222.00|86.00
    TROW|T Rowe Price Group Inc|NASDAQ NMS - GLOBAL MARKET|Financial Services|1986-04-02|https://www.troweprice.com/|224.00|107.00
    TRU|TransUnion|NEW YORK STOCK EXCHANGE, INC.|Professional Services|2015-06-25|https://www.transunion.com/|194.00|70.00
    TRV|Travelers Companies Inc|NEW YORK STOCK EXCHANGE, INC.|Insurance|1996-01-02|https://www.travelers.com/|228.00|192.00
    TSCO|Tractor Supply Co|NASDAQ NMS - GLOBAL MARKET|Retail|1994-02-18|https://www.tractorsupply.com/|540.00|44.00
    TSLA|Tesla Inc|NASDAQ NMS - GLOBAL MARKET|Automobiles|2010-06-29|https://www.tesla.com/|3185.00|220.00
    TSN|Tyson Foods Inc|NEW YORK STOCK EXCHANGE, INC.|Food Products|1986-10-01|https://www.tysonfoods.com/|355.00|53.00
    TT|Trane Technologies PLC|NEW YORK STOCK EXCHANGE, INC.|Building|1964-01-02|https://www.tranetechnologies.com/|227.00|245.00
    TTD|Trade Desk Inc|NASDAQ NMS - GLOBAL MARKET|Technology|2016-09-21|https://www.thetradedesk.com/|490.00|70.00
    TTWO|Take-Two Interactive Software Inc|NASDAQ NMS - GLOBAL MARKET|Media|1997-04-15|https://www.take2games.com/|170.00|160.00
    TWLO|Twilio Inc|NEW YORK STOCK EXCHANGE, INC.|Technology|2016-06-23|https://www.twilio.com/|180.00|72.00
    TXN|Texas Instruments Inc|NASDAQ NMS - GLOBAL MARKET|Semiconductors|1953-10-01|https://www.ti.com/|910.00|165.00
    TXRH|Texas Roadhouse Inc|NASDAQ NMS - GLOBAL MARKET|Hotels, Restaurants & Leisure|2004-10-05|https://www.texasroadhouse.com/|67.00|125.00
    TXT|Textron Inc|NEW YORK STOCK EXCHANGE, INC.|Aerospace & Defense|1947-01-02|https://www.textron.com/|195.00|80.00
    U|Unity Software Inc|NEW YORK STOCK EXCHANGE, INC.|Technology|2020-09-18|https://unity.com/|385.00|38.00
    UAA|Under Armour Inc|NEW YORK STOCK EXCHANGE, INC.|Textiles, Apparel & Luxury Goods|2005-11-18|https://www.underarmour.com/|190.00|8.50
    UAL|United Airlines Holdings Inc|NASDAQ NMS - GLOBAL MARKET|Airlines|2006-02-02|https://www.united.com/|328.00|41.00
    UBER|Uber Technologies Inc|NEW YORK STOCK EXCHANGE, INC.|Road & Rail|2019-05-10|https://www.uber.com/|2080.00|62.00
    UEC|Uranium Energy Corp|NYSE MKT LLC|Energy|2007-09-10|https://www.uraniumenergy.com/|400.00|7.00
    UI|Ubiquiti Inc|NEW YORK STOCK EXCHANGE, INC.|Communications|2011-10-14|https://www.ui.com/|60.50|140.00
    ULTA|Ulta Beauty Inc|NASDAQ NMS - GLOBAL MARKET|Retail|2007-10-25|https://www.ulta.com/|48.00|490.00
    UNH|UnitedHealth Group Inc|NEW YORK STOCK EXCHANGE, INC.|Health Care|1984-10-17|https://www.unitedhealthgroup.com/|921.00|525.00
    UNP|Union Pacific Corp|NEW YORK STOCK EXCHANGE, INC.|Road & Rail|1969-01-02|https://www.up.com/|610.00|245.00
    UPS|United Parcel Service Inc|NEW YORK STOCK EXCHANGE, INC.|Logistics & Transportation|1999-11-10|https://www.ups.com/|855.00|157.00
    URI|United Rentals Inc|NEW YORK STOCK EXCHANGE, INC.|Trading Companies & Distributors|1997-12-18|https://www.unitedrentals.com/|67.00|575.00
    USB|US Bancorp|NEW YORK STOCK EXCHANGE, INC.|Banking|1984-01-03|https://www.usbank.com/|1558.00|43.00
    UTHR|United Therapeutics Corp|NASDAQ NMS - GLOBAL MARKET|Biotechnology|1999-06-17|https://www.unither.com/|47.00|225.00
    UVV|Universal Corp|NEW YORK STOCK EXCHANGE, INC.|Tobacco|1988-01-04|https://www.universalcorp.com/|24.90|66.00
    V|Visa Inc|NEW YORK STOCK EXCHANGE, INC.|Financial Services|2008-03-19|https://www.visa.com/|2000.00|265.00
    VFC|VF Corp|NEW YORK STOCK EXCHANGE, INC.|Textiles, Apparel & Luxury Goods|1951-01-02|https://www.vfc.com/|388.00|18.50
    VICI|VICI Properties Inc|NEW YORK STOCK EXCHANGE, INC.|Real Estate|2018-02-01|https://www.viciproperties.com/|1040.00|31.50
    VLO|Valero Energy Corp|NEW YORK STOCK EXCHANGE, INC.|Energy|1997-07-31|https://www.valero.com/|335.00|130.00
    VMC|Vulcan Materials Co|NEW YORK STOCK EXCHANGE, INC.|Construction|1956-01-03|https://www.vulcanmaterials.com/|132.00|225.00
    VRSK|Verisk Analytics Inc|NASDAQ NMS - GLOBAL MARKET|Professional Services|2009-10-07|https://www.verisk.com/|144.00|240.00
    VRSN|VeriSign Inc|NASDAQ NMS - GLOBAL MARKET|Technology|1998-01-30|https://www.verisign.com/|100.00|205.00
    VRT|Vertiv Holdings Co|NEW YORK STOCK EXCHANGE, INC.|Electrical Equipment|2020-02-07|https://www.vertiv.com/|380.00|48.00
    VRTX|Vertex Pharmaceuticals Inc|NASDAQ NMS - GLOBAL MARKET|Biotechnology|1991-07-24|https://www.vrtx.com/|258.00|420.00
    VST|Vistra Corp|NEW YORK STOCK EXCHANGE, INC.|Utilities|2017-05-10|https://www.vistracorp.com/|350.00|40.00
    VTRS|Viatris Inc|NASDAQ NMS - GLOBAL MARKET|Pharmaceuticals|2020-11-17|https://www.viatris.com/|1190.00|11.00
    VZ|Verizon Communications Inc|NEW YORK STOCK EXCHANGE, INC.|Telecommunication|1983-11-21|https://www.verizon.com/|4205.00|38.00
    W|Wayfair Inc|NEW YORK STOCK EXCHANGE, INC.|Retail|2014-10-02|https://www.wayfair.com/|120.00|55.00
    WAT|Waters Corp|NEW YORK STOCK EXCHANGE, INC.|Life Sciences Tools & Services|1995-11-17|https://www.waters.com/|59.00|320.00
    WBD|Warner Bros Discovery Inc|NASDAQ NMS - GLOBAL MARKET|Media|2005-07-08|https://www.wbd.com/|2440.00|11.00
    WDAY|Workday Inc|NASDAQ NMS - GLOBAL MARKET|Technology|2012-10-12|https://www.workday.com/|265.00|275.00
    WDC|Western Digital Corp|NASDAQ NMS - GLOBAL MARKET|Technology|1978-01-03|https://www.westerndigital.com/|330.00|52.00
    WELL|Welltower Inc|NEW YORK STOCK EXCHANGE, INC.|Real Estate|1978-01-03|https://www.welltower.com/|570.00|90.00
    WFC|Wells Fargo & Co|NEW YORK STOCK EXCHANGE, INC.|Banking|1978-06-01|https://www.wellsfargo.com/|3600.00|49.00
    WING|Wingstop Inc|NASDAQ NMS - GLOBAL MARKET|Hotels, Restaurants & Leisure|2015-06-12|https://www.wingstop.com/|29.30|255.00
    WM|Waste Management Inc|NEW YORK STOCK EXCHANGE, INC.|Commercial Services & Supplies|1988-06-13|https://www.wm.com/|402.00|180.00
    WMB|Williams Companies Inc|NEW YORK STOCK EXCHANGE, INC.|Energy|1957-01-02|https://www.williams.com/|1215.00|35.00
    WMT|Walmart Inc|NASDAQ NMS - GLOBAL MARKET|Retail|1972-08-25|https://www.walmart.com/|8050.00|52.00
    WSM|Williams-Sonoma Inc|NEW YORK STOCK EXCHANGE, INC.|Retail|1983-07-20|https://www.williams-sonomainc.com/|128.00|100.00
    WST|West Pharmaceutical Services Inc|NEW YORK STOCK EXCHANGE, INC.|Life Sciences Tools & Services|1970-01-02|https://www.westpharma.com/|73.00|350.00
    WYNN|Wynn Resorts Ltd|NASDAQ NMS - GLOBAL MARKET|Hotels, Restaurants & Leisure|2002-10-25|https://www.wynnresorts.com/|112.00|90.00
    XEL|Xcel Energy Inc|NASDAQ NMS - GLOBAL MARKET|Utilities|1950-01-03|https://www.xcelenergy.com/|555.00|61.00
    XOM|Exxon Mobil Corp|NEW YORK STOCK EXCHANGE, INC.|Energy|1920-03-01|https://corporate.exxonmobil.com/|4000.00|102.00
    XPO|XPO Inc|NEW YORK STOCK EXCHANGE, INC.|Road & Rail|2011-09-02|https://www.xpo.com/|116.00|88.00
    XYL|Xylem Inc|NEW YORK STOCK EXCHANGE, INC.|Machinery|2011-10-13|https://www.xylem.com/|242.00|114.00
    XYZ|Block Inc|NEW YORK STOCK EXCHANGE, INC.|Technology|2015-11-19|https://block.xyz/|615.00|72.00
    YUM|Yum Brands Inc|NEW YORK STOCK EXCHANGE, INC.|Hotels, Restaurants & Leisure|1997-10-07|https://www.yum.com/|281.00|130.00
    ZBH|Zimmer Biomet Holdings Inc|NEW YORK STOCK EXCHANGE, INC.|Health Care|2001-07-25|https://www.zimmerbiomet.com/|205.00|122.00
    ZBRA|Zebra Technologies Corp|NASDAQ NMS - GLOBAL MARKET|Technology|1991-08-15|https://www.zebra.com/|51.00|260.00
    ZM|Zoom Communications Inc|NASDAQ NMS - GLOBAL MARKET|Technology|2019-04-18|https://www.zoom.com/|305.00|70.00
    ZS|Zscaler Inc|NASDAQ NMS - GLOBAL MARKET|Technology|2018-03-16|https://www.zscaler.com/|150.00|220.00
    ZTS|Zoetis Inc|NEW YORK STOCK EXCHANGE, INC.|Pharmaceuticals|2013-02-01|https://www.zoetis.com/|457.00|195.00
    """
}
